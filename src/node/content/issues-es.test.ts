// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { slugProblem } from '../../shared/routes.js';
import { CATALOGUE, issueBody, type IssueDefinition } from './issues.js';
import { describeEs, fragment, ISSUES_ES, spanishIssue } from './issues-es.js';

const entries = Object.entries(CATALOGUE) as Array<[keyof typeof CATALOGUE, IssueDefinition<unknown[]>]>;

describe('the content issues in Spanish', () => {
  it('has Spanish for every entry of the catalogue, and nothing else', () => {
    expect(Object.keys(ISSUES_ES).sort()).toEqual(entries.map(([key]) => key).sort());
  });

  it('words every entry’s example in Spanish, not the English again', () => {
    for (const [, definition] of entries) {
      const english = issueBody(definition, ...definition.example);
      const spanish = spanishIssue(definition.code, definition.example);
      expect(spanish, definition.code).not.toBeNull();
      expect(spanish!.message, definition.code).not.toBe('');
      expect(spanish!.message, definition.code).not.toBe(english.message);
      expect(spanish!.hint, definition.code).not.toBe(english.hint);
    }
  });

  it('keeps the spec’s own message beside its Spanish, so either can be searched', () => {
    expect(spanishIssue('ComponentsNotArray', [null])!.message).toContain('Components must be an Array');
  });

  it('translates what the build writes of a slug, and keeps a phrase it does not know', () => {
    for (const slug of ['', 'a//b', 'Rooms', 'es', 'builds/x', 'blog/page/2']) expect(fragment(slugProblem(slug)!), slug).not.toBe(slugProblem(slug));
    expect(fragment('title to be text')).toBe('texto en title');
    expect(fragment('is Strapi blocks with 300000 characters of text (at most 262144)')).toBe('tiene, en bloques de Strapi, 300000 caracteres de texto (como máximo 262144)');
    expect(fragment(`backtracks with degree 3: an input like "aaaa!" freezes the visitor's browser`)).toBe(
      'retrocede con grado 3: un texto como "aaaa!" congela el navegador del visitante',
    );
    expect(fragment('something new')).toBe('something new');
  });

  it('says what was found in Spanish', () => {
    expect(describeEs(undefined)).toBe('nada (falta el campo)');
    expect(describeEs([1, 2])).toBe('una lista de 2');
    expect(describeEs({ a: 1 })).toBe('un objeto con a');
    expect(describeEs(42)).toBe('el número 42');
    expect(spanishIssue('NoSuchCode', [])).toBeNull();
  });
});
