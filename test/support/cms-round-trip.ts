import { isDeepStrictEqual } from 'node:util';
import type { TestBuild } from './build-site.js';
import { firstDifference, siteTexts, type Allowed } from './compare-sites.js';

/**
 * The CMS round trip's comparison, shared by the SQLite and PostgreSQL tests
 * (test/cms/round-trip.test.ts, postgres.test.ts): a site built from a
 * Strapi seeded from content-cache/ against the site built from
 * content-cache/ itself.
 */

/** Differences two builds of the same content may have, and why. */
export function allowed(a: TestBuild, b: TestBuild): Allowed[] {
  return [
    ...[a, b].map((build) => ({
      what: 'build id',
      why: 'the id hashes the build inputs, media bytes included, which differ (below)',
      pattern: new RegExp(build.result.buildId, 'g'),
      replacement: '<build>',
    })),
    {
      what: 'media file names',
      why: 'Strapi names an upload <name>_<random hash> and re-encodes images (its size optimisation), so /assets/media/<name>.<content hash> differs; widths, heights and alt texts are compared',
      pattern: /\/assets\/media\/[^"'\s,)\\]+/g,
      replacement: '/assets/media/<file>',
    },
    {
      what: 'media file names on the wire',
      why: 'a payload names a published medium by its file name alone (src/shared/wire-media.ts), which differs as the file names do',
      pattern: /\{"\$m":\["[^"/]+"/g,
      replacement: '{"$m":["<file>"',
    },
    {
      what: 'media format names on the wire',
      why: 'a payload names a format by its name and the content hash of its file (src/shared/wire-media.ts, `large.<hash>`), which differs as the file names do',
      pattern: /\["([a-z]+)\.[0-9a-f]{10}",/g,
      replacement: '["$1.<hash>",',
    },
    {
      what: "Strapi's formats on the wire",
      why: "a payload names one of Strapi's formats by its letter and the content hash of its file (src/shared/wire-media.ts, `l<hash>`), which differs as the file names do",
      pattern: /"([tsml])[0-9a-f]{10}"/g,
      replacement: '"$1<hash>"',
    },
    {
      what: 'variant keys',
      why: "an image's variant key hashes its file name, which holds its content hash (src/node/build/media-encode.ts), so it differs as the file names do",
      pattern: /\["[0-9a-z]{8}",\[/g,
      replacement: '["<key>",[',
    },
    { what: 'documentId', why: 'Strapi gives every document a new id', pattern: /"documentId":"[a-z0-9]+"/g, replacement: '"documentId":"<id>"' },
    {
      what: 'update times',
      why: "Strapi stamps every entry with the time it was seeded or edited: page updatedAt (and a post's dateModified in the structured data), the sitemap lastmod and the build timestamp (the newest updatedAt)",
      pattern: /"(updatedAt|timestamp|dateModified)":"[^"]*"|<lastmod>[^<]*<\/lastmod>/g,
      replacement: '<time>',
    },
  ];
}

/** A build's text files by path, its build id in their names masked. */
export async function texts(build: TestBuild): Promise<Map<string, string>> {
  const files = await siteTexts(build.paths.dist);
  return new Map([...files].map(([name, text]) => [name.replace(build.result.buildId, '<build>'), text]));
}

/**
 * How the site built from a CMS differs from the one built from
 * content-cache/: the page count, the warnings, or the first differing file
 * once the allowed() differences are masked; null when they agree.
 */
export async function roundTripDifference(fromCache: TestBuild, fromCms: TestBuild): Promise<string | null> {
  if (fromCms.result.pages !== fromCache.result.pages) return `pages: ${fromCms.result.pages} from the CMS, ${fromCache.result.pages} from content-cache/`;
  if (!isDeepStrictEqual(fromCms.result.warnings, fromCache.result.warnings)) {
    return `warnings from the CMS:\n${JSON.stringify(fromCms.result.warnings, null, 1)}\nfrom content-cache/:\n${JSON.stringify(fromCache.result.warnings, null, 1)}`;
  }
  return firstDifference(await texts(fromCache), await texts(fromCms), allowed(fromCache, fromCms));
}
