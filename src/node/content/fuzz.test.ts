// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSite, rawSiteArbitrary } from './fuzz.js';

describe('fuzzing the content edge (a seeded sample of `npm run fuzz`)', () => {
  it('normalising and building payloads of 300 malformed Strapi 4 and 5 sites never throws; every issue is from the catalogue and says where', { timeout: 120_000 }, () => {
    let pages = 0;
    fc.assert(
      fc.property(rawSiteArbitrary, (site) => {
        pages += checkSite(site).pages;
      }),
      { numRuns: 300, seed: 14 },
    );
    // Not all documents are rejected: the generator makes pages that build.
    expect(pages).toBeGreaterThan(0);
  });
});
