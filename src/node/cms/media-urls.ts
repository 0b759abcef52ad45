import { isRecord } from '../../shared/records.js';

/**
 * Every media url referenced anywhere in the given responses, sorted and
 * unique: any object with a string `url` and a string `mime` (a Strapi media
 * file, flat in Strapi 5 or under `attributes` in Strapi 4) and the `url` of
 * each of its `formats` (thumbnail, small, medium, large). Normalised content
 * has its own walker: `mediaUrlsInContent` (src/node/build/media-walks.ts).
 */
export function mediaUrlsInResponses(values: Iterable<unknown>): string[] {
  const urls = new Set<string>();
  for (const value of values) visit(value, urls);
  return [...urls].sort();
}

/**
 * CMS uploads referenced from inside rich text: `<img src="/uploads/…">` in
 * HTML and `![…](/uploads/…)` in Markdown. They are downloaded and copied
 * into the site like media fields, so rich text never hotlinks the CMS.
 */
export function uploadsInText(text: string): string[] {
  if (!text.includes('/uploads/')) return [];
  return [...text.matchAll(/(?:src=["']|\]\()(\/uploads\/[^"')\s]+)/g)].map((m) => m[1]!);
}

function visit(value: unknown, urls: Set<string>): void {
  if (typeof value === 'string') {
    for (const url of uploadsInText(value)) urls.add(url);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) visit(item, urls);
    return;
  }
  if (!isRecord(value)) return;
  if (typeof value.url === 'string' && typeof value.mime === 'string') {
    if (value.url) urls.add(value.url);
    if (isRecord(value.formats)) {
      for (const format of Object.values(value.formats)) {
        if (isRecord(format) && typeof format.url === 'string' && format.url) urls.add(format.url);
      }
    }
  }
  for (const child of Object.values(value)) visit(child, urls);
}
