import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { localeOfPath } from '../../shared/locales.js';
import { StatusError } from '../../shared/errors.js';
import { i18nFor } from '../i18n/i18n.js';
import { lastLayout } from './payload-cache.js';
import { ErrorPage } from './ErrorPage.js';
import { PageContext } from '../page/page-context.js';

/** Rule 27: fatal and unhandled errors (and rule 21's 503) show the error page. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const status = error instanceof StatusError ? error.status : isRouteErrorResponse(error) ? error.status : 500;
  const message = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  if (!(error instanceof StatusError)) console.error('[marea] unhandled error', error);
  return (
    <I18nextProvider i18n={i18nFor(locale)}>
      <PageContext.Provider value={{ locale, path: pathname, alternates: {}, release: '', canonical: '', title: '', country: '', now: new Date() }}>
        <ErrorPage locale={locale} status={status} message={status === 500 ? '' : message} error={null} layout={lastLayout(locale)} />
      </PageContext.Provider>
    </I18nextProvider>
  );
}
