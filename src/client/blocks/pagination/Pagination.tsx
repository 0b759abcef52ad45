import { useTranslation } from '../../i18n/use-translation.js';
import type { Link } from '../../../shared/model.js';
import { usePageData } from '../../page/page-data-context.js';
import { SmartLink } from '../../components/SmartLink.js';
import type { BlockComponentProps } from '../props.js';
import { pageItems } from './page-items.js';
import './pagination.css';

const internal = (slug: string): Link => ({ kind: 'internal', slug, label: '' });

/**
 * `blocks.pagination`: the page links of the list on the same page
 * (`/{slug}`, then `/{slug}/page/{n}`), from the build's
 * `usePageData().pagination`. Links are SmartLinks, so they carry the query
 * string (rule 4). Nothing when the list fits on one page.
 */
export function Pagination(_: BlockComponentProps<'blocks.pagination'>) {
  const { t } = useTranslation();
  const pagination = usePageData().pagination;
  if (!pagination || pagination.pageCount <= 1) return null;
  const { page, pageCount, slugs } = pagination;
  const slugOf = (n: number) => slugs[n - 1];
  const previous = page > 1 ? slugOf(page - 1) : undefined;
  const next = page < pageCount ? slugOf(page + 1) : undefined;
  return (
    <nav className="pagination container" aria-label={t('pagination.label')}>
      <ul className="pagination__list">
        {previous !== undefined && (
          <li className="pagination__step">
            <SmartLink className="pagination__link" link={internal(previous)}>
              <span aria-hidden="true">←</span> {t('pagination.previous')}
            </SmartLink>
          </li>
        )}
        {pageItems(page, pageCount).map((item, i) => {
          if (item === 'gap') {
            return (
              <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
                …
              </li>
            );
          }
          const slug = slugOf(item);
          const label = (
            <>
              <span className="visually-hidden">{t('pagination.page')} </span>
              {item}
            </>
          );
          return (
            <li key={item}>
              {item === page ? (
                <span className="pagination__link pagination__link--current" aria-current="page">
                  {label}
                </span>
              ) : slug === undefined ? (
                // A build that sent fewer slugs than pages: the number without a link.
                <span className="pagination__link">{label}</span>
              ) : (
                <SmartLink className="pagination__link" link={internal(slug)}>
                  {label}
                </SmartLink>
              )}
            </li>
          );
        })}
        {next !== undefined && (
          <li className="pagination__step">
            <SmartLink className="pagination__link" link={internal(next)}>
              {t('pagination.next')} <span aria-hidden="true">→</span>
            </SmartLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
