import { useTranslation } from '../i18n/use-translation.js';
import type { ErrorContent, Layout, Locale } from '../../shared/model.js';
import { linkHref } from '../../shared/routes.js';
import { errorShowsLayout } from '../../shared/first-view.js';
import { Link } from 'react-router-dom';
import { DefaultLayout } from './DefaultLayout.js';
import { useSearch } from '../page/use-search.js';
import { ResponsiveImage } from '../components/ResponsiveImage.js';
import './error-page.css';

interface Props {
  locale: Locale;
  status: number;
  message: string;
  error: ErrorContent | null;
  layout: Layout | null;
}

/** The default background when the error content has no media (rule 27). */
const DEFAULT_ERROR_IMAGE = '/images/error-500.svg';

/**
 * Rule 27: header and footer only for 400 ≤ status ≤ 500; background from the
 * error media or the default; heading text404 or the status; description
 * description404, else the status message, else the translated default;
 * links to `/{slug}` (with the query) when both slug and btntext exist.
 */
export function ErrorPage({ locale, status, message, error, layout }: Props) {
  const { t } = useTranslation();
  const search = useSearch();
  const withChrome = errorShowsLayout(status);
  const heading = error?.text404 || String(status);
  const description = error?.description404 || message || t(status === 404 ? 'error.description.404' : 'error.description.500');
  const links = (error?.links ?? []).filter((l) => l.slug && l.btntext);
  const media = error?.media ?? null;
  const body = (
    <section className="error-page" data-status={status} data-message={message || undefined}>
      {media?.kind === 'image' ? (
        <ResponsiveImage className="error-page__media" media={media} priority alt="" />
      ) : (
        <img className="error-page__media" src={media?.url ?? DEFAULT_ERROR_IMAGE} alt="" width={media?.width ?? 1600} height={media?.height ?? 900} />
      )}
      <div className="error-page__content container">
        <p className="error-page__status">{status}</p>
        <h1 className="error-page__title">{heading}</h1>
        <p className="error-page__description">{description}</p>
        {status >= 400 && links.length > 0 && (
          <nav aria-label={t('error.links')}>
            <ul className="error-page__links">
              {links.map((link) => (
                <li key={link.slug}>
                  <Link className="button button--primary" to={linkHref(locale, link.slug, search)}>
                    {link.btntext}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </section>
  );
  return withChrome ? (
    <DefaultLayout layout={layout}>{body}</DefaultLayout>
  ) : (
    <main id="main" tabIndex={-1}>
      {body}
    </main>
  );
}
