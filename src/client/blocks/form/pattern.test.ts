import { describe, expect, it } from 'vitest';
import { htmlPattern, matchesPattern } from './pattern.js';

describe('field patterns (the `pattern` attribute is compiled with the v flag)', () => {
  it('keeps a pattern that is valid in v mode', () => {
    expect(htmlPattern('[A-Z]{2}-\\d{4}')).toBe('[A-Z]{2}-\\d{4}');
  });

  it('escapes class characters v mode reserves, keeping ranges and negation', () => {
    const converted = htmlPattern('^[0-9+() -]{7,20}$')!;
    expect(converted).toBe('^[0-9+\\(\\) \\-]{7,20}$');
    expect(() => new RegExp(converted, 'v')).not.toThrow();
    expect(htmlPattern('[^-a|]+')).toBe('[^\\-a\\|]+');
  });

  it('drops a pattern that no regexp syntax accepts, and treats empty as none', () => {
    expect(htmlPattern('[a-')).toBeNull();
    expect(htmlPattern('')).toBeNull();
    expect(htmlPattern(null)).toBeNull();
  });

  it('matches the whole value, as the browser does', () => {
    const phone = htmlPattern('[0-9+() -]{7,20}')!;
    expect(matchesPattern('+52 (998) 123 4567', phone)).toBe(true);
    expect(matchesPattern('call me', phone)).toBe(false);
    expect(matchesPattern('abc123', '[0-9]+')).toBe(false);
  });
});
