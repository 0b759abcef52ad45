// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentIssue } from '../../shared/model.js';
import { normaliseSite } from './normalise.js';
import { formatIssue } from './report.js';
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
