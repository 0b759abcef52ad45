import { useCallback } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { normalizePath } from '../../shared/routes.js';

export interface NavigateToOptions {
  /** Allows a URL on another origin (a full page load). Default false: rule 22 refuses it. */
  external?: boolean;
  /** Replaces the current history entry instead of pushing one. Default false. */
  replace?: boolean;
}

/** Rule 22 (same list as rule 23's build-time check): protocols that run code or smuggle content. */
const FORBIDDEN_PROTOCOLS = new Set(['javascript:', 'data:', 'vbscript:', 'blob:']);

/**
 * The scheme a browser would see. The URL parser drops leading C0 controls
 * and spaces, and tabs/newlines anywhere, so ` JaVa\tScRiPt:` is still
 * `javascript:`; the check must see the URL the way the browser will.
 */
function protocolOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- the C0 controls the URL parser drops are what this strips
  const cleaned = url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return match ? `${match[1]!.toLowerCase()}:` : null;
}

/**
 * Programmatic navigation (the booking widget, scripts), rule 22:
 * - a `javascript:`, `data:`, `vbscript:` or `blob:` URL throws
 *   `Cannot navigate to a URL with '{protocol}' protocol.`;
 * - another origin throws `Navigating to an external URL is not allowed by default.`
 *   unless `external: true`, which then does a full load (`assign`, or `replace`);
 * - a same-origin URL goes through the router, keeping query and hash (rule 4).
 */
export function navigateTo(url: string, options: NavigateToOptions, navigate: NavigateFunction): void {
  const protocol = protocolOf(url);
  if (protocol && FORBIDDEN_PROTOCOLS.has(protocol)) {
    throw new Error(`Cannot navigate to a URL with '${protocol}' protocol.`);
  }
  const target = new URL(url.trim(), window.location.href);
  if (target.origin !== window.location.origin) {
    if (!options.external) throw new Error('Navigating to an external URL is not allowed by default.');
    if (options.replace) window.location.replace(target.href);
    else window.location.assign(target.href);
    return;
  }
  navigate(`${normalizePath(target.pathname)}${target.search}${target.hash}`, { replace: options.replace ?? false });
}

/** `navigateTo` bound to the data router's navigate, for components. */
export function useNavigateTo(): (url: string, options?: NavigateToOptions) => void {
  const navigate = useNavigate();
  return useCallback((url: string, options: NavigateToOptions = {}) => navigateTo(url, options, navigate), [navigate]);
}
