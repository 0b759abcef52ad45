import { afterEach, describe, expect, it } from 'vitest';
import { lockScroll, SCROLL_LOCK_CLASS } from './scroll-lock.js';

afterEach(() => {
  document.body.removeAttribute('style');
  document.documentElement.className = '';
});

function withScrollbar(width: number) {
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, get: () => window.innerWidth - width });
  return () => delete (document.documentElement as { clientWidth?: number }).clientWidth;
}

describe('scroll lock (the page behind an open modal does not scroll)', () => {
  it('hides the overflow, marks the document and puts back what was there', () => {
    document.body.style.overflow = 'clip';
    const unlock = lockScroll();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(true);
    unlock();
    expect(document.body.style.overflow).toBe('clip');
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it('pads the body by the scrollbar it hides, so nothing shifts sideways', () => {
    const restore = withScrollbar(15);
    try {
      const unlock = lockScroll();
      expect(document.body.style.paddingRight).toBe('15px');
      unlock();
      expect(document.body.style.paddingRight).toBe('');
    } finally {
      restore();
    }
  });

  it('adds no padding when there is no classic scrollbar (overlay scrollbars, phones)', () => {
    const restore = withScrollbar(0);
    try {
      const unlock = lockScroll();
      expect(document.body.style.paddingRight).toBe('');
      unlock();
    } finally {
      restore();
    }
  });
});
