import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the track must stay still before a swipe counts as settled (browsers without `scrollend`). */
const SETTLE_MS = 150;

const slidesOf = (track: HTMLElement) => [...track.children] as HTMLElement[];

/** The slide whose start is nearest the track's scroll position. */
function nearestSlide(track: HTMLElement): number {
  const slides = slidesOf(track);
  const origin = slides[0]?.offsetLeft ?? 0;
  let best = 0;
  slides.forEach((slide, i) => {
    const distance = Math.abs(slide.offsetLeft - origin - track.scrollLeft);
    if (distance < Math.abs(slides[best]!.offsetLeft - origin - track.scrollLeft)) best = i;
  });
  return best;
}

/**
 * The current slide of a CSS scroll-snap track. The track scrolls natively
 * (touch swipe, trackpad, focus); once a scroll settles, the slide at the
 * snap position becomes current. `goTo` makes a slide current at once (so
 * ARIA state and the "n of m" text never lag) and scrolls the track to it:
 * smoothly unless the visitor asked for reduced motion. Indices wrap.
 */
export function useSlideScroll(count: number, smooth: boolean) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // Keyboard navigation from inside a slide moves focus with it: the old
  // slide turns inert, and focus inside an inert subtree would be lost.
  // A new object per request, so asking twice for the same slide still focuses it.
  const [focusRequest, setFocusRequest] = useState<{ slide: number } | null>(null);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => setCurrent(nearestSlide(el));
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, SETTLE_MS);
    };
    // `scrollend` fires once a swipe and its snap are done (Chromium, Firefox);
    // elsewhere a short quiet period after the last `scroll` stands in for it.
    const event = 'onscrollend' in el ? 'scrollend' : 'scroll';
    const listener = event === 'scrollend' ? settle : onScroll;
    el.addEventListener(event, listener, { passive: true });
    return () => {
      clearTimeout(timer);
      el.removeEventListener(event, listener);
    };
    // Re-attached when the slides change: a carousel with none renders no track.
  }, [count]);

  useEffect(() => {
    if (!focusRequest || !track.current) return;
    // preventScroll: the track is already scrolling there, smoothly or not.
    // Only a new request moves focus, not a later swipe.
    slidesOf(track.current)[focusRequest.slide]?.focus({ preventScroll: true });
  }, [focusRequest]);

  const goTo = useCallback(
    (index: number, options: { focus?: boolean } = {}) => {
      if (count < 1) return;
      const next = ((index % count) + count) % count;
      setCurrent(next);
      if (options.focus) setFocusRequest({ slide: next });
      const el = track.current;
      const slides = el ? slidesOf(el) : [];
      const slide = slides[next];
      if (!el || !slide) return;
      el.scrollTo({ left: slide.offsetLeft - slides[0]!.offsetLeft, behavior: smooth ? 'smooth' : 'auto' });
    },
    [count, smooth],
  );

  return { track, current: Math.min(current, Math.max(count - 1, 0)), goTo };
}
