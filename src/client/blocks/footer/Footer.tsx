import { useTranslation } from '../../i18n/use-translation.js';
import { RichText } from '../../components/RichText.js';
import { SmartLink } from '../../components/SmartLink.js';
import type { BlockComponentProps } from '../props.js';
import './footer.css';

const NETWORKS = new Set(['facebook', 'instagram', 'x', 'youtube', 'tiktok', 'whatsapp', 'linkedin']);

/** `blocks.footer`: columns of links, social links, legal rich text. */
export function Footer({ block }: BlockComponentProps<'blocks.footer'>) {
  const { t } = useTranslation();
  const columns = (block.props.columns ?? []).map((column) => ({ title: column.title ?? '', links: column.links ?? [] }));
  const social = (block.props.social ?? [])
    .map((s) => ({ network: (s.network ?? '').toLowerCase(), url: s.url ?? '' }))
    .filter((s) => s.url.startsWith('https://') || s.url.startsWith('http://'));
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        {columns.map((column, i) => (
          <nav key={i} aria-label={column.title || t('site.footerNav')}>
            {column.title && <h2 className="site-footer__title">{column.title}</h2>}
            <ul>
              {column.links.map((link, j) => (
                <li key={j}>
                  <SmartLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {social.length > 0 && (
          <div>
            <h2 className="site-footer__title">{t('social.followUs')}</h2>
            <ul>
              {social.map((s, i) => (
                <li key={i}>
                  <a href={s.url} rel="noopener noreferrer me">
                    {NETWORKS.has(s.network) ? t(`social.${s.network}`) : s.network}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="container site-footer__legal">
        <RichText html={block.props.legal} />
      </div>
    </footer>
  );
}
