// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headHtml } from '../../shared/head.js';
import { readCache } from '../cms/cache.js';
import { loadConfig } from '../config/env.js';
import { normaliseSite } from '../content/normalise.js';
import { headersFile } from './headers.js';
import { builtPages } from './list-pages.js';
import { manifestFiles } from './manifests.js';
import { pagePayload, payloadContext } from './payloads.js';

/**
 * Netlify's deploy previews and branch deploys (CONTEXT=deploy-preview or
 * branch-deploy, docs/deploying.md) are public URLs that must stay out of
 * search indexes: every page's head says `noindex` (in the HTML and in the
 * payload client-side navigation takes the head from), `dist/_headers`
 * adds `X-Robots-Tag: noindex` on every path, and robots.txt disallows
 * everything. A production build says none of it.
 */
const NETLIFY = { URL: 'https://marea-resort.netlify.app', DEPLOY_PRIME_URL: 'https://deploy-preview-7--marea-resort.netlify.app' };
const preview = loadConfig({ ...NETLIFY, CONTEXT: 'deploy-preview' }, { production: false });
const production = loadConfig({ ...NETLIFY, CONTEXT: 'production' }, { production: false });

async function heads(config: typeof preview) {
  const raw = await readCache(fileURLToPath(new URL('../../../content-cache', import.meta.url)), config.cmsLocales);
  const { content } = normaliseSite(raw, { strict: false });
  const ctx = payloadContext(config, 'r', new Date('2026-06-01T00:00:00Z'));
  return builtPages(content.pages).map((built) => pagePayload(content, built, ctx).head);
}

describe('deploy previews are noindex; production is not', () => {
  it('every page head of a preview says noindex, at the preview’s own URL', async () => {
    const previewHeads = await heads(preview);
    expect(previewHeads.length).toBeGreaterThan(10);
    expect(previewHeads.filter((head) => head.robots !== 'noindex')).toEqual([]);
    expect(previewHeads.every((head) => head.canonical.startsWith(`${NETLIFY.DEPLOY_PRIME_URL}/`))).toBe(true);
    expect(headHtml(previewHeads[0]!)).toContain('<meta name="robots" content="noindex" />');

    const productionHeads = await heads(production);
    expect(productionHeads.filter((head) => head.robots === 'noindex').length).toBeLessThan(productionHeads.length);
    expect(productionHeads.every((head) => head.canonical.startsWith(`${NETLIFY.URL}/`))).toBe(true);
  });

  it('a preview’s _headers add X-Robots-Tag: noindex on /*; production’s do not', () => {
    const lines = (noindex: boolean) => headersFile({ public: preview.public, noindex }).content.split('\n');
    const previewLines = lines(true);
    expect(previewLines.slice(previewLines.indexOf('/*'))).toContain('  X-Robots-Tag: noindex');
    expect(lines(false).join('\n')).not.toContain('X-Robots-Tag');
  });

  it('a preview’s robots.txt disallows everything; production’s allows all and names the sitemap', () => {
    const robots = (noindex: boolean) =>
      manifestFiles({ id: 'b', timestamp: '2026-06-01T00:00:00.000Z' }, [], 'https://marea-resort.netlify.app', noindex).find((f) => f.file === 'robots.txt')!.content;
    expect(robots(true)).toBe('User-agent: *\nDisallow: /\n');
    expect(robots(false)).toBe('User-agent: *\nAllow: /\n\nSitemap: https://marea-resort.netlify.app/sitemap.xml\n');
  });
});
