import { usePage } from '../../page/page-context.js';
import { useHydrated } from '../../lib/use-hydrated.js';

export interface ShareTarget {
  /** Absolute URL to share: the page's canonical. */
  url: string;
  title: string;
}

/**
 * What a share block shares: the page's canonical URL (SITE_URL-based,
 * rule 12) and its title, from the page context, identical in the server
 * render and at hydration, so the hrefs never mismatch. Without a canonical
 * (error pages) the static HTML has the path and the browser's origin is
 * added once hydrated.
 */
export function useShareTarget(): ShareTarget {
  const { canonical, title, path } = usePage();
  const hydrated = useHydrated();
  if (canonical) return { url: canonical, title };
  if (!hydrated) return { url: path, title };
  return { url: `${window.location.origin}${path}`, title: title || document.title };
}
