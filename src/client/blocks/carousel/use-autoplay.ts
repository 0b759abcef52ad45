import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useHydrated } from '../../lib/use-hydrated.js';
import { usePrefersReducedMotion } from '../../lib/reduced-motion.js';

/** `off`: no autoplay here (none asked, one slide, reduced motion, not hydrated yet). */
type AutoplayState = 'off' | 'running' | 'paused';

interface Options {
  /** Interval in ms; 0 = no autoplay. */
  interval: number;
  count: number;
  /** The current slide: every change restarts the interval, so a swipe is never followed by an instant jump. */
  current: number;
  advance: () => void;
}

/**
 * Autoplay of the carousel (WAI-ARIA APG carousel, WCAG 2.2.2). It runs
 * only in the browser after hydration, never with prefers-reduced-motion,
 * and pauses while the pointer hovers the carousel or focus is inside it,
 * so nothing moves under the visitor's hand or screen reader. The visitor's
 * own pause/play choice (the rotation button) wins over everything.
 */
export function useAutoplay({ interval, count, current, advance }: Options) {
  const hydrated = useHydrated();
  const reduced = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const available = interval > 0 && count > 1 && hydrated && !reduced;
  const running = available && playing && !hovered && !focused;

  const latest = useRef(advance);
  useEffect(() => {
    latest.current = advance;
  });

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => latest.current(), interval);
    return () => clearTimeout(timer);
  }, [running, interval, current]);

  const state: AutoplayState = !available ? 'off' : running ? 'running' : 'paused';
  return {
    state,
    /** Whether the rotation button is shown at all. */
    available,
    /** The visitor's choice: what the rotation button offers to undo. */
    playing,
    toggle: () => setPlaying((value) => !value),
    /** Spread on the carousel's root element. */
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
