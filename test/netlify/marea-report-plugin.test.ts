import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The local build plugin that reports each Netlify build to the CMS. What it
 * reports, against a real Strapi, is tested in test/cms/reports.test.ts; here,
 * what Netlify Build itself requires of a plugin.
 */
const PLUGIN_DIR = resolve(import.meta.dirname, '../../netlify/plugins/marea-report');

describe('the marea-report build plugin', () => {
  it('has a manifest naming it and its inputs', async () => {
    const manifest = await readFile(join(PLUGIN_DIR, 'manifest.yml'), 'utf8');
    expect(manifest).toMatch(/^name: marea-report$/m);
    expect(manifest).toMatch(/- name: work\n/);
    expect(manifest).toMatch(/- name: builds\n/);
  });

  it('exports only event handlers (Netlify Build rejects any other export)', async () => {
    const plugin = (await import(pathToFileURL(join(PLUGIN_DIR, 'index.js')).href)) as Record<string, unknown>;
    expect(Object.keys(plugin).sort()).toEqual(['onError', 'onPreBuild', 'onSuccess']);
    for (const handler of Object.values(plugin)) expect(typeof handler).toBe('function');
  });
});
