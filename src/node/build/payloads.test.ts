// @vitest-environment node
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMedia } from '../../shared/media.js';
import type { SiteContent } from '../../shared/model.js';
import { serializeForScript, wireJson } from '../../shared/payload.js';
import { fromWire } from '../../shared/wire.js';
import { readCache } from '../cms/cache.js';
import { normaliseSite } from '../content/normalise.js';
import { builtPages } from './list-pages.js';
import { rewriteMediaUrls } from './media.js';
import { mediaUrlsInContent } from './media-walks.js';
import { notFoundPayloads, pagePayload, payloadContext } from './payloads.js';

/** What the build serialises for the browser from `content`: every page's payload, the 404 pages' and the modals files. */
function served(content: SiteContent): unknown[] {
  const ctx = payloadContext({ siteUrl: 'https://marea.example', defaultCountry: { en: 'USA', es: 'MEX' } }, 'r', new Date('2026-06-01T00:00:00Z'));
  return [...builtPages(content.pages).map((built) => pagePayload(content, built, ctx)), ...notFoundPayloads(content, ctx), content.modals.en, content.modals.es];
}

/** The bundled content as the media phase publishes it: each file named after its own bytes (media.ts), raster images with AVIF and WebP variants. */
function publishedCopy(content: SiteContent): SiteContent {
  const urls = new Map(
    mediaUrlsInContent(content).map((url) => {
      const { name, ext } = path.parse(new URL(url, 'https://cms.example').pathname);
      return [url, `/assets/media/${name}.${createHash('sha256').update(url).digest('hex').slice(0, 10)}${ext}`];
    }),
  );
  return JSON.parse(JSON.stringify(rewriteMediaUrls(content, urls)), (_key, value: unknown) =>
    isMedia(value) && value.mime.startsWith('image/') ? { ...value, variants: { key: '39530f76', widths: [400, 800, 1200] } } : value,
  ) as SiteContent;
}

describe('payloads on the wire (src/shared/wire.ts), over the bundled content', () => {
  it('every payload and modals file, with the CMS’s media URLs and with the published ones, comes back exactly, every media object and block packed', async () => {
    const raw = await readCache(fileURLToPath(new URL('../../../content-cache', import.meta.url)), { en: 'en', es: 'es-MX' });
    const { content } = normaliseSite(raw, { strict: false });
    for (const [name, site] of [
      ['cms', content],
      ['published', publishedCopy(content)],
    ] as const) {
      const values = served(site);
      let plain = 0;
      let wire = 0;
      for (const value of values) {
        const json = wireJson(value);
        expect(JSON.stringify(fromWire(JSON.parse(json)))).toBe(JSON.stringify(value));
        // No media object and no block was left as it is: none carries its formats in full, none its component by name.
        expect(json, name).not.toContain('"formats":');
        expect(json, name).not.toContain('"component":');
        plain += serializeForScript(value).length;
        wire += json.length;
      }
      expect(values.length, name).toBeGreaterThan(40);
      expect(wire / plain, name).toBeLessThan(0.8);
    }
  });
});
