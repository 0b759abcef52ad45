import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { ViteReactSSG } from 'vite-react-ssg';
import { primePayload } from './app/payload-cache.js';
import { payloadBlocks } from './app/payload-blocks.js';
import { readPagePayload } from './app/embedded.js';
import { createRoutes, isPageRouteId, ROUTER_FUTURE, withPageLoader } from './app/routes.js';
import { startAnalytics } from './analytics/start.js';
import { ensureMessages } from './i18n/load-messages.js';
import { handleChunkError, watchChunkErrors } from './runtime/chunk-errors.js';
import { pageLoader } from './runtime/late-runtime.js';
import type { Locale } from '../shared/model.js';
import { localeOfPath } from '../shared/locales.js';
import './styles/global.css';

/**
 * Rule 11: the page's messages before hydration (its file is preloaded by
 * the HTML), tried twice. Without them the page stays as served: its text is
 * already there in its language, which hydrating with English fallbacks
 * would replace.
 */
async function pageMessages(locale: Locale): Promise<boolean> {
  if ((await ensureMessages(locale)).ok) return true;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return (await ensureMessages(locale)).ok;
}

/**
 * Browser entry, kept as vite-react-ssg's app entry: it hydrates the static
 * HTML. The router is ours (`customCreateRouter`) so that the first render
 * uses the page's own payload (preloaded by the HTML; no loader-data files
 * with random names) and later navigations load `_payload.json` (rule 18).
 */
async function start(): Promise<void> {
  // Both preloaded by the page: read side by side (the path names the locale; the payload confirms it).
  const pathLocale = localeOfPath(window.location.pathname);
  const messages = pageMessages(pathLocale);
  const page = await readPagePayload();
  if (page === 'unavailable') return;
  const embedded = page.payload;
  if (embedded) {
    primePayload(window.location.pathname, embedded);
    // Without its messages the page stays as served (readable, links work as plain links), never showing keys.
    if (!(await (embedded.locale === pathLocale ? messages : pageMessages(embedded.locale)))) {
      console.warn('[marea] no messages could be loaded; this page stays as served, without scripts');
      return;
    }
    // Rule 17: recover from chunks a redeploy removed. Rules 13–16 (newer builds) start after hydration (runtime/late-runtime.ts).
    watchChunkErrors();
  }

  ViteReactSSG(
    {
      routes: createRoutes(),
      basename: '/',
      future: ROUTER_FUTURE,
      customCreateRouter: (routes, options) => {
        const pageMatch = matchRoutes(routes, window.location)
          ?.filter((m) => m.route.id && isPageRouteId(m.route.id))
          .pop();
        const hydrationData = embedded && pageMatch?.route.id ? { loaderData: { [pageMatch.route.id]: embedded } } : undefined;
        return createBrowserRouter(withPageLoader(routes, pageLoader), { ...options, hydrationData });
      },
    },
    async () => {
      // Hydration waits for the page's block chunks (modulepreloaded by the HTML),
      // so the first client render is the server's tree.
      if (embedded) {
        const blocks = await payloadBlocks(embedded);
        if (!blocks.ok) handleChunkError(blocks.error);
      }
    },
  );

  // Rules 31–33: after hydration has started; GTM and Datadog load later still, when idle.
  startAnalytics();
}

void start();
