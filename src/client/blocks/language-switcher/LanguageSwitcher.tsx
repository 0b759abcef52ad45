import { useTranslation } from '../../i18n/use-translation.js';
import { Link } from 'react-router-dom';
import type { Locale } from '../../../shared/model.js';
import { LOCALES, LOCALE_INFO } from '../../../shared/locales.js';
import { pagePath } from '../../../shared/routes.js';
import { usePage } from '../../page/page-context.js';
import { useSearch } from '../../page/use-search.js';
import { writeLocaleCookie } from '../../lib/cookies.js';
import type { BlockComponentProps } from '../props.js';
import './language-switcher.css';

/**
 * `blocks.language-switcher`: links to this page's translation (its home
 * page when there is none). Rule 10: the cookie is written *before* the
 * navigation, so choosing English on a Spanish page sticks.
 */
export function LanguageSwitcher(_: BlockComponentProps<'blocks.language-switcher'>) {
  const { t } = useTranslation();
  const { locale, alternates } = usePage();
  const search = useSearch();
  const target = (other: Locale) => `${alternates[other] ?? pagePath(other, 'home')}${search}`;
  return (
    <nav className="language-switcher" aria-label={t('language.label')}>
      <ul>
        {LOCALES.map((other) => (
          <li key={other}>
            {other === locale ? (
              <span className="language-switcher__current" aria-current="true" lang={LOCALE_INFO[other].tag}>
                <span className="visually-hidden">{t('language.current')}: </span>
                {LOCALE_INFO[other].name}
              </span>
            ) : (
              <Link to={target(other)} lang={LOCALE_INFO[other].tag} hrefLang={LOCALE_INFO[other].tag} title={t('language.switchTo')} onClick={() => writeLocaleCookie(other)}>
                {LOCALE_INFO[other].name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
