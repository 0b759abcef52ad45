// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BEACON_HOST, SVG_KEPT, SVG_VECTORS } from '../../../test/xss/svg-vectors.js';
import { decodeCss } from './css-references.js';
import { sanitizeSvg } from './svg.js';

/**
 * The hostile SVG corpus (test/xss/svg-vectors.ts), sanitised: each is
 * refused or left without what made it run script or fetch from outside,
 * however its CSS is escaped. The same corpus is opened in Chromium by
 * test/browser/svg-vectors.test.ts, which counts the fetches themselves.
 */
const LEFTOVERS = [
  BEACON_HOST,
  '169.254',
  'data:',
  'javascript:',
  '<script',
  'foreignObject',
  '<?xml-stylesheet',
  '<!ENTITY',
  'xml:base',
  '<link',
  '@import',
  'image-set',
  '@font-face',
];

describe('the hostile SVG corpus', () => {
  it.each(SVG_VECTORS.map((v) => [`${v.family}: ${v.name}`, v.svg]))('%s: refused, or kept without it', async (_name, svg) => {
    const result = await sanitizeSvg(Buffer.from(svg));
    if (!result.ok) return;
    const seen = `${result.svg}\n${decodeCss(result.svg)}`.toLowerCase();
    for (const leftover of LEFTOVERS) expect(seen).not.toContain(leftover.toLowerCase());
    expect(seen).not.toMatch(/\son[a-z]+=/);
    // What is left passes as it is.
    expect(await sanitizeSvg(Buffer.from(result.svg))).toEqual({ ok: true, svg: result.svg, changed: false });
  });

  it.each(SVG_KEPT)('keeps %s', async (_name, svg, kept) => {
    const result = await sanitizeSvg(Buffer.from(svg));
    expect(result.ok && result.svg).toContain(kept);
  });

  it('counts: vectors by family, and how many were refused whole or neutralised', async () => {
    const families = new Map<string, number>();
    let refused = 0;
    for (const vector of SVG_VECTORS) {
      families.set(vector.family, (families.get(vector.family) ?? 0) + 1);
      if (!(await sanitizeSvg(Buffer.from(vector.svg))).ok) refused += 1;
    }
    expect(SVG_VECTORS.length).toBeGreaterThanOrEqual(60);
    expect(families.get('css-escape')).toBeGreaterThanOrEqual(20);
    console.log(
      `SVG corpus: ${SVG_VECTORS.length} vectors (${[...families].map(([f, n]) => `${f} ${n}`).join(', ')}); ${refused} refused whole, ${SVG_VECTORS.length - refused} neutralised`,
    );
  });
});
