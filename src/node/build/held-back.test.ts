// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentIssue } from '../../shared/model.js';
import { triage } from './held-back.js';

const error = (issue: Partial<ContentIssue>): ContentIssue => ({ severity: 'error', code: 'X', message: 'm', entity: 'page', ...issue });

describe('rule 13: which content errors hold one thing back and which stop the build', () => {
  it('errors naming one page (documentId, else slug), modal or promo code hold it back, grouped by what they name', () => {
    const { fatal, held } = triage([
      error({ locale: 'es', slug: 'a', documentId: 'd1', field: 'blocks' }),
      error({ locale: 'es', slug: 'renamed', documentId: 'd1', field: 'slug' }),
      error({ locale: 'en', slug: 'b' }),
      error({ locale: 'en', field: 'data[7]' }),
      error({ entity: 'modal', locale: 'en', slug: 'spa' }),
      error({ entity: 'promo-codes', field: 'data[0].code' }),
      { ...error({ locale: 'en', slug: 'c' }), severity: 'warning' },
    ]);
    expect(fatal).toEqual([]);
    expect(held.map((h) => [h.entity, h.locale, h.documentId ?? h.slug, h.issues.length])).toEqual([
      ['page', 'es', 'd1', 2],
      ['page', 'en', 'b', 1],
      ['page', 'en', undefined, 1],
      ['modal', 'en', 'spa', 1],
      ['promo-codes', undefined, undefined, 1],
    ]);
  });

  it('errors in what every page carries, or in a whole list, stop the build', () => {
    const fatal = [
      error({ entity: 'layout', locale: 'en', slug: 'header' }),
      error({ entity: 'error-page', locale: 'es' }),
      error({ locale: 'en', field: 'data' }),
      error({ entity: 'modal', locale: 'en', field: 'data' }),
      error({ entity: 'media' }),
    ];
    expect(triage(fatal)).toEqual({ fatal, held: [] });
  });
});
