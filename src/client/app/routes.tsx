import type { LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router-dom';
import { PAGE_ROUTES } from '../../shared/routes.js';
import { PageRoute } from './PageRoute.js';
import { RouteError } from './RouteError.js';
import { Shell } from './Shell.js';

const PAGE_ROUTE_IDS = new Set<string>(PAGE_ROUTES.map((r) => r.id));

/** Future flags shared by the browser router and the server render (same tree on both sides). */
export const ROUTER_FUTURE = {
  v7_relativeSplatPath: true,
  v7_fetcherPersist: true,
  v7_normalizeFormMethod: true,
  v7_partialHydration: true,
  v7_skipActionErrorRevalidation: true,
} as const;

/**
 * A change of hash only (a modal opening or closing, `#modal=…`) keeps the
 * page's data: React Router would otherwise re-run the loader, and after a
 * newer build was signalled (rule 16) that loader turns it into a full load.
 */
export const samePageKeepsData: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search ? false : defaultShouldRevalidate;

/** The app's routes, without loaders: the browser and the server each attach theirs. */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Shell />,
      errorElement: <RouteError />,
      children: PAGE_ROUTES.map(({ id, path }) => ({ id, path, element: <PageRoute />, shouldRevalidate: samePageKeepsData })),
    },
  ];
}

/**
 * Attaches `loader` to the page routes and removes any other loader.
 * vite-react-ssg replaces every route's loader with one that reads its own
 * randomly named data files; pages here load from `_payload.json` instead
 * (rule 18), so its loaders are taken out again.
 */
export function withPageLoader<T extends RouteObject>(routes: T[], loader: LoaderFunction): T[] {
  return routes.map((route) => {
    const next = { ...route, loader: route.id && PAGE_ROUTE_IDS.has(route.id) ? loader : undefined } as T;
    if (route.children) next.children = withPageLoader(route.children, loader);
    return next;
  });
}

export function isPageRouteId(id: string): boolean {
  return PAGE_ROUTE_IDS.has(id);
}
