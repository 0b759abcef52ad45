import { useEffect, useEffectEvent, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useLoaderData, useLocation } from 'react-router-dom';
import type { Payload } from '../../shared/payload.js';
import { i18nFor } from '../i18n/i18n.js';
import { BlockList } from './BlockList.js';
import { DefaultLayout } from './DefaultLayout.js';
import { lateRuntime } from '../runtime/late-runtime.js';
import { ErrorPage } from './ErrorPage.js';
import { PageContext, type PageContextValue } from '../page/page-context.js';
import { PageDataContext } from '../page/page-data-context.js';
import { readVisitor } from './visitor.js';
import { buildDayStart } from '../../shared/first-view.js';
import { notFoundError } from './not-found.js';
import { useHydrated } from '../lib/use-hydrated.js';
import { emitPageView } from '../runtime/page-view.js';

/** A page (or the error page, for 404.html) from its payload. */
export function PageRoute() {
  const payload = useLoaderData() as Payload;
  const location = useLocation();
  // Rule 31: one page view per view, after its title is set. Opening or
  // closing a modal (`#modal=…`) changes only the hash: not a new view.
  const view = `${location.pathname}${location.search}`;
  // The hash when the view starts (a later hash change is not a new view).
  const viewHash = useEffectEvent(() => (location.hash.startsWith('#modal=') ? '' : location.hash));
  useEffect(() => {
    // Rule 12: the head of the page a navigation shows (the first view's is in the static HTML; a navigation waits for this runtime).
    lateRuntime()?.applyHead(payload);
    emitPageView({ url: `${view}${viewHash()}`, title: document.title });
  }, [payload, view]);
  const i18n = i18nFor(payload.locale);
  const hydrated = useHydrated();
  // One object a payload: blocks that hydrate after the first view must not see a new context before they do (later-hydration.ts).
  // Rules 29–30: the static HTML's country and day, and the visitor's, which components take for themselves (useVisitor).
  const context = useMemo<PageContextValue>(() => {
    const { country } = payload;
    const now = buildDayStart(payload.day);
    const visitor = import.meta.env.SSR ? undefined : readVisitor(country);
    return payload.kind === 'error'
      ? { locale: payload.locale, path: '', alternates: {}, release: payload.release, canonical: '', title: payload.head.title, country, now, visitor }
      : {
          locale: payload.page.locale,
          path: payload.page.path,
          alternates: payload.page.alternates,
          release: payload.release,
          canonical: payload.head.canonical,
          title: payload.head.title,
          country,
          now,
          visitor,
        };
  }, [payload]);
  if (payload.kind === 'error') {
    // Rule 5: the static 404 page cannot know the path it is served for; the browser does.
    const message = hydrated && payload.status === 404 ? notFoundError(location.pathname, location.search, location.hash).message : payload.message;
    return (
      <I18nextProvider i18n={i18n}>
        <PageContext.Provider value={context}>
          <PageDataContext.Provider value={payload.data}>
            <ErrorPage locale={payload.locale} status={payload.status} message={message} error={payload.error} layout={payload.layout} />
          </PageDataContext.Provider>
        </PageContext.Provider>
      </I18nextProvider>
    );
  }
  const { page } = payload;
  return (
    <I18nextProvider i18n={i18n}>
      <PageContext.Provider value={context}>
        <PageDataContext.Provider value={payload.data}>
          <DefaultLayout layout={payload.layout}>
            <BlockList blocks={page.blocks} title={page.title} />
          </DefaultLayout>
        </PageDataContext.Provider>
      </PageContext.Provider>
    </I18nextProvider>
  );
}
