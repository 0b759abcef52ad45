// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CATALOGUE, ISSUES, issueBody, type IssueDefinition } from './issues.js';

const entries = Object.entries(CATALOGUE) as Array<[keyof typeof CATALOGUE, IssueDefinition<unknown[]>]>;

describe('the content issue catalogue', () => {
  it('gives every issue its own permanent code, a PascalCase name', () => {
    const codes = entries.map(([, definition]) => definition.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Za-z0-9]+$/);
  });

  it('names each ISSUES function after its code', () => {
    for (const [key, definition] of entries) expect(definition.code).toBe(key[0]!.toUpperCase() + key.slice(1));
  });

  it('documents every issue: an area, a title and a description that end where the docs expect', () => {
    for (const [, definition] of entries) {
      expect(definition.area.trim()).not.toBe('');
      expect(definition.title).toMatch(/^[A-Z].*[^.]$/);
      expect(definition.description).toMatch(/^[A-Z`].*\.$/s);
    }
  });

  it('formats the example of every issue as ISSUES does', () => {
    for (const [key, definition] of entries) {
      const body = (ISSUES[key] as (...args: unknown[]) => ReturnType<typeof issueBody>)(...definition.example);
      expect(body).toEqual(issueBody(definition, ...definition.example));
      expect(Object.keys(body)).toEqual(['severity', 'code', 'message', 'hint']);
      expect(body.code).toBe(definition.code);
      expect(body.message).not.toBe('');
      expect(body.hint).not.toBe('');
    }
  });

  it('makes `strict` issues warnings, and errors in a strict build', () => {
    expect(ISSUES.unknownComponent('blocks.x', 'blocks', false).severity).toBe('warning');
    expect(ISSUES.unknownComponent('blocks.x', 'blocks', true).severity).toBe('error');
    expect(ISSUES.invalidBlock(null, false).severity).toBe('warning');
    expect(ISSUES.invalidBlock(null, true).severity).toBe('error');
    for (const [, definition] of entries) expect(definition.severity === 'strict').toBe(definition.strict !== undefined);
  });

  it("keeps the spec's messages verbatim (spec §5)", () => {
    expect(ISSUES.componentsNotArray({}).message).toBe('Components must be an Array');
    expect(ISSUES.promocodesNotArray({}).message).toBe('promocodes must be an Array');
    expect(ISSUES.itemsNotArray({}).message).toBe('Items must be an Array and contain Country/Countries property');
  });
});
