// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and test names cite the project's own documents (docs/README.md):
 * "rule N" is docs/behaviour.md; "spec §N" docs/product.md, `content
 * contract, "Section"` docs/content-contract.md. A citation the docs do not
 * have, or an issue number (which a maintainer cannot follow), fails here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const SELF = path.join('test', 'docs', 'citations.test.ts');

/** Files whose comments and strings are checked: the code zones, scripts, Netlify and tests, plus the README and docs. */
function checkedFiles(): string[] {
  const code = ['src', 'scripts', 'netlify', 'test'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(tsx?|m?js|css)$/.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(dir, file)),
  );
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file));
  return [...code, ...docs, 'README.md'].filter((file) => file !== SELF);
}

const DASH = '[–-]';
const NUMBER_LIST = `\\d+(?:\\s*${DASH}\\s*\\d+)?(?:\\s*(?:,|/|\\band\\b|\\bor\\b)\\s*\\d+(?:\\s*${DASH}\\s*\\d+)?)*`;

/** `12`, `7–10`, `3, 5 and 19`, `13/29` → every number they name. */
function expandNumbers(list: string): number[] {
  return list
    .split(/\s*(?:,|\/|\band\b|\bor\b)\s*/)
    .filter(Boolean)
    .flatMap((part) => {
      const [from, to] = part.split(new RegExp(`\\s*${DASH}\\s*`)).map(Number);
      if (to === undefined) return [from!];
      return Array.from({ length: to - from! + 1 }, (_, i) => from! + i);
    });
}

/** Behaviour rules cited: `rule 17`, `Rules 7–10`, `rules 31, 33`, `Rule 13/29`. */
function citedRules(text: string): number[] {
  return [...text.matchAll(new RegExp(`\\brules?\\s+(${NUMBER_LIST})`, 'gi'))].flatMap((m) => expandNumbers(m[1]!));
}

/**
 * Spec sections cited: `spec §5`, `Spec §5 / §8`, `spec section 3`, `spec sections 3, 5`, and a
 * bare `§5` (it is the spec's unless it follows another standard, as in `RFC 9110 §10.2.2`).
 */
function citedSections(text: string): number[] {
  const named = [...text.matchAll(new RegExp(`\\bspec(?:'s)?\\s+sections?\\s+(${NUMBER_LIST})`, 'gi'))].flatMap((m) => expandNumbers(m[1]!));
  const signs = [...text.matchAll(/(\b[A-Z]{2,}[\w-]*\s+[\d.]+\s+)?§\s*(\d+)/g)].filter((m) => m[1] === undefined).map((m) => Number(m[2]));
  return [...named, ...signs];
}

/** Issue or ticket numbers: `issue 3`, `Issue #12`, `(issues 2 and 3)`, `ticket 4`, `PR #7`. Not "issues" as in content issues. */
function citedIssues(text: string): string[] {
  return [...text.matchAll(/\b(?:issues?|tickets?|bugs?|PRs?|pull requests?)\s*#?\d+/gi)].map((m) => m[0]);
}

/** Sections of the content contract cited by name: `content contract, "Modal"`, `content contract "Rich text"`. */
function citedContractSections(text: string): string[] {
  return [...text.matchAll(/content contract[,:]?\s*\(?\s*"(\w[^"]*)"/gi)].map((m) => m[1]!);
}

const rulesInDocs = new Set([...read('docs/behaviour.md').matchAll(/^(\d+)\.\s/gm)].map((m) => Number(m[1])));
const sectionsInDocs = new Set([...read('docs/product.md').matchAll(/^##\s+§(\d+)\s/gm)].map((m) => Number(m[1])));
const contractHeadings = [...read('docs/content-contract.md').matchAll(/^#{2,4}\s+(.+)$/gm)].map((m) => m[1]!.trim());

/** `file:line: citation` for each citation in `files` that `bad` rejects. */
function findings<T>(files: string[], cite: (text: string) => T[], bad: (citation: T) => boolean, label = (citation: T) => String(citation)): string[] {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) =>
        cite(line)
          .filter(bad)
          .map((citation) => `${file}:${i + 1}: ${label(citation)}`),
      ),
  );
}

describe('citations in comments and test names', () => {
  const files = checkedFiles();

  it('docs/behaviour.md numbers its rules 1…N and docs/product.md its sections §1…§N, without gaps', () => {
    expect([...rulesInDocs]).toEqual(Array.from({ length: rulesInDocs.size }, (_, i) => i + 1));
    expect([...sectionsInDocs]).toEqual(Array.from({ length: sectionsInDocs.size }, (_, i) => i + 1));
  });

  it('cite only rules that docs/behaviour.md has', () => {
    expect(
      findings(
        files,
        citedRules,
        (n) => !rulesInDocs.has(n),
        (n) => `rule ${n}`,
      ),
    ).toEqual([]);
  });

  it('cite only spec sections that docs/product.md has', () => {
    expect(
      findings(
        files,
        citedSections,
        (n) => !sectionsInDocs.has(n),
        (n) => `spec §${n}`,
      ),
    ).toEqual([]);
  });

  it('cite only content-contract sections that docs/content-contract.md has', () => {
    expect(
      findings(
        files,
        citedContractSections,
        (name) => !contractHeadings.some((h) => h.startsWith(name)),
        (name) => `content contract, "${name}"`,
      ),
    ).toEqual([]);
  });

  it('cite no issue numbers: say what is meant, or point at docs/', () => {
    expect(findings(files, citedIssues, () => true)).toEqual([]);
  });
});

describe('the citation matchers', () => {
  it('read single rules, ranges and lists', () => {
    expect(citedRules('rule 17: a chunk')).toEqual([17]);
    expect(citedRules('Behaviour rules 7–9 and (rules 3, 5, 19) and Rule 13/29')).toEqual([7, 8, 9, 3, 5, 19, 13, 29]);
    expect(citedRules('rules 15-16 and 31')).toEqual([15, 16, 31]);
    expect(citedRules('rules 17 and 11: a missing chunk')).toEqual([17, 11]);
    expect(citedRules('a ruler 3 cm long, the rules of the game')).toEqual([]);
  });

  it('read spec sections, and leave other standards alone', () => {
    expect(citedSections('Spec §5 / §8: the exact messages')).toEqual([5, 8]);
    expect(citedSections('spec section 3 runtime settings; spec sections 3, 5')).toEqual([3, 3, 5]);
    expect(citedSections('`Location` has none (RFC 9110 §10.2.2)')).toEqual([]);
    expect(citedSections("the spec's 503 error (§5)")).toEqual([5]);
  });

  it('find issue numbers but not content issues', () => {
    expect(citedIssues("describe('booking widget (issue 5)'")).toEqual(['issue 5']);
    expect(citedIssues('Issue 3, items 7–9; see issue #12 and PR 4')).toEqual(['Issue 3', 'issue #12', 'PR 4']);
    expect(citedIssues('ISSUES.invalidDate(value); content issues: 2 errors; issues.ts; 3 issues found')).toEqual([]);
  });

  it('find content-contract sections by name', () => {
    expect(citedContractSections('(content contract, "Links inside blocks")')).toEqual(['Links inside blocks']);
    expect(citedContractSections('content contract "Modal"')).toEqual(['Modal']);
  });
});
