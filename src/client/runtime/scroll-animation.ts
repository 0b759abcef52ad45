import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';

/** Spec §9 / rule 25 timings. */
export const SCROLL_ANIMATION_DELAY_MS = 600;
export const SCROLL_ANIMATION_TICK_MS = 10;
const SCROLL_ANIMATION_MIN_WIDTH = 768;

/**
 * The media that zoom and fade. Blocks mark theirs with `data-scroll-animate`
 * (this runtime never edits block markup); the hero's media is listed by
 * class so the hero needs no change.
 */
const SCROLL_ANIMATION_SELECTORS = ['[data-scroll-animate]', '.hero__media'] as const;

const MOBILE_UA = /Android|webOS|iPhone|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Spec §4: mobile by user agent keywords; iPads (iPadOS reports "Macintosh" plus touch) optionally. */
export function isMobileUserAgent(userAgent: string, countIPad = true, maxTouchPoints = 0): boolean {
  if (MOBILE_UA.test(userAgent)) return true;
  return countIPad && (/iPad/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1));
}

/**
 * The frame of one element from where it sits in the viewport: it zooms out
 * from 1.08 and fades in while its top rises into the lower half, then zooms
 * in and fades as it scrolls out at the top.
 */
export function scrollFrame(top: number, height: number, viewport: number): { scale: number; opacity: number } {
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  const entered = clamp((viewport - top) / (viewport / 2));
  const left = height > 0 ? clamp(-top / height) : 0;
  const scale = 1.08 - 0.08 * entered + 0.08 * left;
  const opacity = (0.3 + 0.7 * entered) * (1 - 0.6 * left);
  return { scale: Math.round(scale * 1000) / 1000, opacity: Math.round(opacity * 1000) / 1000 };
}

export interface ScrollAnimationOptions {
  /** Treat iPads as mobile (no animation). Default true. */
  countIPad?: boolean;
}

/**
 * Rule 25: 600 ms after the page finished loading (the window `load` event
 * on the first view; the caller's signal after a client-side navigation),
 * and only on a desktop user agent, without `prefers-reduced-motion`, in a
 * window wider than 768 px, a 10 ms interval updates transform and opacity.
 * The returned stop clears the timers and the inline styles.
 */
export function startScrollAnimation(options: ScrollAnimationOptions = {}): () => void {
  if (isMobileUserAgent(navigator.userAgent, options.countIPad ?? true, navigator.maxTouchPoints ?? 0)) return () => {};
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => {};
  let delay: ReturnType<typeof setTimeout> | undefined;
  let tick: ReturnType<typeof setInterval> | undefined;
  let elements: HTMLElement[] = [];

  const begin = () => {
    delay = setTimeout(() => {
      if (window.innerWidth <= SCROLL_ANIMATION_MIN_WIDTH) return;
      elements = Array.from(document.querySelectorAll<HTMLElement>(SCROLL_ANIMATION_SELECTORS.join(',')));
      if (elements.length === 0) return;
      tick = setInterval(() => {
        for (const element of elements) {
          const rect = element.getBoundingClientRect();
          const { scale, opacity } = scrollFrame(rect.top, rect.height, window.innerHeight);
          const transform = `scale(${scale})`;
          // Writes only on change: the tick runs 100 times a second.
          if (element.style.transform !== transform) element.style.transform = transform;
          if (element.style.opacity !== String(opacity)) element.style.opacity = String(opacity);
        }
      }, SCROLL_ANIMATION_TICK_MS);
    }, SCROLL_ANIMATION_DELAY_MS);
  };
  const loaded = document.readyState === 'complete';
  if (loaded) begin();
  else window.addEventListener('load', begin, { once: true });

  return () => {
    window.removeEventListener('load', begin);
    clearTimeout(delay);
    clearInterval(tick);
    for (const element of elements) {
      element.style.removeProperty('transform');
      element.style.removeProperty('opacity');
    }
  };
}

/**
 * Rule 25 in the app: stopped when a navigation starts, started again once
 * the new page has rendered (the router is idle at a new location).
 */
export function useScrollAnimation(options: ScrollAnimationOptions = {}): void {
  const idle = useNavigation().state === 'idle';
  const { key } = useLocation();
  const countIPad = options.countIPad ?? true;
  useEffect(() => (idle ? startScrollAnimation({ countIPad }) : undefined), [idle, key, countIPad]);
}
