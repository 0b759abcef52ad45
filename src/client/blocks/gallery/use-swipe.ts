import { useRef, type PointerEvent } from 'react';

/** Horizontal travel (px) that makes a swipe. */
const MIN_DISTANCE = 40;

/**
 * Horizontal swipes by touch or pen (pointer events), reported as +1 (to the
 * next: finger moved left) or -1 (to the previous). A mostly vertical move is
 * not a swipe; the mouse has the buttons and keys. The element needs CSS
 * `touch-action: pan-y pinch-zoom` so the browser leaves horizontal moves to us.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
