import { lastPageView, onPageView, type PageView } from '../runtime/page-view.js';
import { getConsent, onConsentChange, type Consent } from './consent.js';
import { whenIdle } from '../lib/idle.js';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Google consent mode v2 storage types, all driven by the one cookie notice choice (rule 33). */
const STORAGE_TYPES = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;
const consentState = (value: Consent) => Object.fromEntries(STORAGE_TYPES.map((type) => [type, value]));

const GTM_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

/**
 * Starts Google Tag Manager (rule 31). Order matters: consent defaults
 * (denied) are queued before the `gtm.js` event and before the container
 * script exists, so no tag can set a cookie before the visitor accepts
 * (rule 33). The script itself loads after `load` + idle, never blocking render.
 */
export function startGtm(id: string): () => void {
  const dataLayer = (window.dataLayer ??= []);
  // gtag() must push the Arguments object itself: GTM ignores arrays as consent commands.
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  const gtag = window.gtag;
  gtag('consent', 'default', consentState('denied'));
  if (getConsent() === 'granted') gtag('consent', 'update', consentState('granted'));
  const stopConsent = onConsentChange((consent) => gtag('consent', 'update', consentState(consent)));
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const stopViews = trackPageViews(dataLayer);
  whenIdle(() => injectScript(id));
  return () => {
    stopConsent();
    stopViews();
  };
}

/**
 * Rule 31: one `virtualPageView` per view, the first included (it may have
 * been emitted before GTM started: `lastPageView` catches up). A view is its
 * URL: the same URL twice in a row (React StrictMode's double effect, a
 * re-render, a revalidation) is one view. `pageUrl` is absolute, as GA4's
 * `page_location` expects.
 */
function trackPageViews(dataLayer: unknown[]): () => void {
  let lastUrl: string | null = null;
  const push = (view: PageView) => {
    const pageUrl = new URL(view.url, window.location.origin).href;
    if (pageUrl === lastUrl) return;
    lastUrl = pageUrl;
    dataLayer.push({ event: 'virtualPageView', pageUrl, pageTitle: view.title });
  };
  const first = lastPageView();
  if (first) push(first);
  return onPageView(push);
}

function injectScript(id: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTM_SCRIPT_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  // An ad blocker or an outage must not break the page: say it, move on.
  script.addEventListener('error', () => console.warn(`[analytics] Google Tag Manager did not load: ${script.src}`));
  document.head.appendChild(script);
}
