// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentIssue } from '../../shared/model.js';
import { normaliseSite } from './normalise.js';
import { formatIssue, hasErrors, summariseIssues } from './report.js';
import { page, rawSite } from './fixtures/raw-site.js';

const blockIssue: ContentIssue & { component: string } = {
  severity: 'error',
  code: 'ComponentsNotArray',
  message: 'Some message',
  entity: 'page',
  locale: 'es',
  slug: 'habitaciones/suite',
  position: 3,
  component: 'blocks.hero',
  field: 'blocks[3].cta.url',
  hint: 'Do this.',
};

describe('formatIssue', () => {
  it('prints place, block, field, message and hint', () => {
    expect(formatIssue(blockIssue)).toBe('✗ error [es] page "habitaciones/suite" › blocks[3] (blocks.hero) › cta.url: Some message\n    hint: Do this.');
  });

  it('prints page-level and entity-level issues', () => {
    expect(formatIssue({ severity: 'warning', code: 'UnknownPageKind', message: 'm', entity: 'page', locale: 'en', slug: 'spa', field: 'kind' })).toBe(
      '⚠ warning [en] page "spa" › kind: m',
    );
    expect(formatIssue({ severity: 'error', code: 'PromocodesNotArray', message: 'promocodes must be an Array', entity: 'promo-codes', field: 'data', hint: 'h' })).toBe(
      '✗ error promo-codes › data: promocodes must be an Array\n    hint: h',
    );
  });

  it('names the block of an issue about the block itself', () => {
    const [issue] = normaliseSite(rawSite({ pages: { en: [page('home', [{ __component: 'blocks.nope' }])], es: [] } }), { strict: true }).issues;
    expect(formatIssue(issue!)).toMatch(/^✗ error \[en\] page "home" › blocks\[0\] \(blocks\.nope\): Unknown component "blocks\.nope"/);
  });
});

describe('summariseIssues', () => {
  it('counts, groups by code and lists errors first', () => {
    const warning: ContentIssue = { severity: 'warning', code: 'UnsafeLink', message: 'w', entity: 'layout', locale: 'en', slug: 'header' };
    const summary = summariseIssues([warning, blockIssue, warning]);
    expect(summary).toMatchObject({ errors: 1, warnings: 2, byCode: { ComponentsNotArray: 1, UnsafeLink: 2 } });
    expect(summary.text.split('\n')[0]).toMatch(/^✗ error/);
    expect(summary.text.split('\n').at(-1)).toBe('✗ content: 1 error, 2 warnings');
    expect(hasErrors([warning])).toBe(false);
    expect(hasErrors([warning, blockIssue])).toBe(true);
  });

  it('says so when there is nothing to report', () => {
    expect(summariseIssues([])).toEqual({ errors: 0, warnings: 0, byCode: {}, text: '✓ content: no issues' });
  });
});
