import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.js';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { Link, NavLink } from '../../../shared/model.js';
import { linkHref } from '../../../shared/routes.js';
import { usePage } from '../../page/page-context.js';
import { useSearch } from '../../page/use-search.js';
import { SmartLink } from '../../components/SmartLink.js';
import type { BlockComponentProps } from '../props.js';
import './header.css';

interface NavItem {
  link: Link;
  children: Link[];
}

/** The navigation: each link with its sub-links (the build's `links` field keeps `children` on internal links). */
function navItems(value: readonly NavLink[] | null | undefined): NavItem[] {
  return (value ?? []).map((link) => ({ link, children: link.children ?? [] }));
}

/** `blocks.header`: logo, nav links with optional children, phone. Mobile first: a disclosure menu. */
export function Header({ block }: BlockComponentProps<'blocks.header'>) {
  const { t } = useTranslation();
  const { locale } = usePage();
  const { pathname } = useLocation();
  const search = useSearch();
  // The path the menu was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const logo = block.props.logo ?? null;
  const phone = block.props.phone ?? '';
  const items = navItems(block.props.nav);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <RouterLink className="site-header__brand" to={linkHref(locale, 'home', search)}>
          {logo ? <img src={logo.url} alt={logo.alt || t('site.home')} width={logo.width ?? 160} height={logo.height ?? 40} /> : t('site.home')}
        </RouterLink>
        <button type="button" className="site-header__toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpenOn(open ? null : pathname)}>
          <span className="site-header__toggle-icon" aria-hidden="true" />
          {open ? t('site.closeMenu') : t('site.menu')}
        </button>
        <nav id={menuId} className={`site-nav${open ? ' site-nav--open' : ''}`} aria-label={t('site.mainNav')}>
          <ul className="site-nav__list">
            {items.map((item, i) => (
              <li key={i} className="site-nav__item">
                <SmartLink className="site-nav__link" link={item.link} />
                {item.children.length > 0 && (
                  <ul className="site-nav__sub">
                    {item.children.map((child, j) => (
                      <li key={j}>
                        <SmartLink className="site-nav__sublink" link={child} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {phone && (
            <a className="site-header__phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              <span className="visually-hidden">{t('phone.call')}: </span>
              {phone}
            </a>
          )}
        </nav>
      </div>
    </header>
  );
}
