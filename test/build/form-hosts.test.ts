import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADERS_FILE } from '../../src/node/build/headers.js';
import { ROOT } from '../../src/node/build/paths.js';
import { buildSite } from '../support/build-site.js';

/**
 * FORM_HOSTS (docs/security.md), through the real pipeline: the bundled content's forms
 * post to `https://forms.marea-resorts.example` (a page block and a modal).
 * Without FORM_HOSTS that origin stays out of the policy and the build names
 * each form, in English and Spanish; listed, it is allowed and nothing is said
 * (test/browser/csp.test.ts builds with it listed and posts nothing).
 */
const CRM = 'https://forms.marea-resorts.example';

describe('FORM_HOSTS in a build (docs/security.md)', () => {
  it('an unlisted form host widens nothing and each form posting there is named: page or modal, block, field', { timeout: 180_000 }, async () => {
    const { paths, log } = await buildSite(path.join(ROOT, 'content-cache'));
    const headers = await readFile(path.join(paths.dist, HEADERS_FILE), 'utf8');
    expect(headers).not.toContain(CRM);
    expect(headers).toMatch(/form-action 'self';/);
    const english = log.filter((line) => line.includes('⚠') && line.includes('FORM_HOSTS'));
    const spanish = log.filter((line) => line.includes('no está en FORM_HOSTS'));
    expect(english.length).toBeGreaterThan(0);
    expect(spanish.length).toBe(english.length);
    for (const line of english)
      expect(line).toMatch(
        new RegExp(`(page|modal) "[^"]+" \\((en|es)\\)\\S*, block (blocks\\.form|modals\\.embedded-form) \\S+, field "action" .* posts to ${CRM.replace(/\./g, '\\.')},`),
      );
    // Pages and modals of both locales are named.
    for (const kind of ['page', 'modal']) for (const locale of ['en', 'es']) expect(english.some((line) => line.includes(`⚠ ${kind} `) && line.includes(`(${locale})`))).toBe(true);
  });
});
