// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CacheReadError } from '../../src/node/cms/cache-read-error.js';
import { HttpError } from '../../src/node/cms/http-error.js';
import { ConfigError } from '../../src/node/config/config-error.js';
import { FAILURES_ES } from '../../src/node/platform/failures-es.js';
import { FAILURES, Failure, failureText, type FailureDefinition } from '../../src/node/platform/failures.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * Every code ever given to a build failure, with its class. Append a line for
 * a new failure; never edit or remove one: a retired failure keeps its line,
 * so its code is never given to another (docs/content-errors.md, "Build failures").
 */
const LEDGER: ReadonlyArray<readonly [string, string]> = [
  ['MAREA-F001', 'ConfigError'],
  ['MAREA-F002', 'NetworkError'],
  ['MAREA-F003', 'TimeoutError'],
  ['MAREA-F004', 'HttpError'],
  ['MAREA-F005', 'MalformedResponseError'],
  ['MAREA-F006', 'ResponseTooLargeError'],
  ['MAREA-F007', 'RedirectRefusedError'],
  ['MAREA-F008', 'ImageTooLargeError'],
  ['MAREA-F009', 'MediaDownloadError'],
  ['MAREA-F010', 'UnsafeMediaUrlError'],
  ['MAREA-F011', 'CacheReadError'],
  ['MAREA-F012', 'ContentValidationError'],
];

const entries = Object.entries(FAILURES);

/** Non-test TypeScript files of src/node, relative to the root. */
const sources = readdirSync(path.join(root, 'src/node'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
  .map((file) => path.join('src/node', file));

describe('build failures (src/node/platform/failures.ts)', () => {
  it('have permanent codes: MAREA-F and three digits, each given once, never to another failure (the ledger)', () => {
    const codes = entries.map(([, f]) => f.code);
    for (const code of codes) expect(code).toMatch(/^MAREA-F\d{3}$/);
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    expect(LEDGER.map(([code]) => code).filter((code, i, all) => all.indexOf(code) !== i)).toEqual([]);
    // A failure of the catalogue has its ledger line, code and class as first given.
    for (const [, f] of entries) expect(LEDGER, `${f.code} ${f.name}: append it to the ledger, or give back its code`).toContainEqual([f.code, f.name]);
  });

  it('each failure class takes its words from exactly one catalogue entry, and each entry has its class where it says', () => {
    const classes = sources.flatMap((file) => {
      const text = read(file);
      return [...text.matchAll(/class (\w+) extends Failure\b/g)].map((m) => ({ name: m[1]!, file, used: [...new Set([...text.matchAll(/FAILURES\.(\w+)/g)].map((u) => u[1]!))] }));
    });
    for (const c of classes) {
      expect(c.used, `${c.name} (${c.file})`).toHaveLength(1);
      const entry = FAILURES[c.used[0] as keyof typeof FAILURES];
      expect({ name: entry.name, source: entry.source }).toEqual({ name: c.name, source: c.file });
    }
    expect(classes.map((c) => c.name).sort()).toEqual(entries.map(([, f]) => f.name).sort());
    // No error class of the build names itself outside the catalogue (the webhook's BuildFailure wraps one, with its message).
    const named = sources.flatMap((file) => [...read(file).matchAll(/(?:readonly name = |this\.name = )'(\w+Error)'/g)].map((m) => `${file}: ${m[1]}`));
    expect(named).toEqual([]);
  });

  it('are worded in Spanish too, with a hint where the English has one', () => {
    for (const [key, entry] of entries) {
      const definition = entry as FailureDefinition<unknown[]>;
      const english = failureText(definition, ...definition.example);
      const es = FAILURES_ES[key as keyof typeof FAILURES] as { message: (...args: unknown[]) => string; hint: string | ((...args: unknown[]) => string) };
      const hint = typeof es.hint === 'string' ? es.hint : es.hint(...definition.example);
      expect(es.message(...definition.example), key).not.toBe(english.message);
      expect(Boolean(hint), key).toBe(Boolean(english.hint));
    }
  });

  it('carry their code and class name, and end their message with the hint', () => {
    const cache = new CacheReadError('content-cache/pages.en.json', 'is not JSON');
    expect(cache).toBeInstanceOf(Failure);
    expect(cache).toMatchObject({ name: 'CacheReadError', code: FAILURES.cacheRead.code, hint: FAILURES.cacheRead.hint });
    expect(cache.message).toBe(`Cannot use the content cache: content-cache/pages.en.json is not JSON. ${FAILURES.cacheRead.hint}`);
    const http = new HttpError({ status: 401, statusText: 'Unauthorized', method: 'GET', url: 'https://cms.example.com/api/pages', strapiError: null });
    expect(http.hint).toMatch(/^Check CMS_TOKEN/);
    expect(http.message).toBe(`Request failed with status 401 Unauthorized: GET https://cms.example.com/api/pages. ${http.hint}`);
    // A message of several lines has the hint on a line of its own.
    const config = new ConfigError([{ key: 'CMS_URL', expected: 'an http(s) URL', received: undefined }]);
    expect(config.message.split('\n')).toEqual(['Invalid environment: 1 variable to fix', '  - CMS_URL: expected an http(s) URL, but it is not set', FAILURES.config.hint]);
  });
});
