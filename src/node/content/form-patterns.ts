import { createRequire } from 'node:module';
import type { Diagnostics } from 'recheck';
import { ISSUES } from './issues.js';
import { report, type Context } from './context.js';
import { isRecord, joinPath } from './values.js';
import { compilesAsFieldPattern as compiles } from '../../shared/field-pattern.js';

// recheck's pure-JavaScript backend: no Java or native binary, no worker thread (docs/dependencies.md).
process.env.RECHECK_SYNC_BACKEND ??= 'pure';

type Recheck = typeof import('recheck');
let recheck: Recheck | null = null;

/**
 * Hands recheck in where a package cannot be required at run time: the publish gate's bundle
 * (src/node/cms-gate/entry.ts), which carries its packages inside.
 */
export function provideRecheck(module: Recheck): void {
  recheck = module;
}

/**
 * recheck, required on the first pattern analysed: importing it takes 0.17–0.2 s, which a build whose forms'
 * patterns were all seen before (or that has no form) never pays (docs/performance.md, "Warm builds").
 */
const loadRecheck = (): Recheck => (recheck ??= createRequire(import.meta.url)('recheck') as Recheck);

/** How long recheck may take over one pattern before it is called unproven (ms). */
const CHECK_TIMEOUT = 2_000;
/** Longer patterns are refused without analysis: no form field needs one. */
const MAX_PATTERN = 300;

/** Why a pattern is refused (`unsafe`, an error) or could not be checked (`unchecked`, a warning). */
export interface PatternVerdict {
  kind: 'unsafe' | 'unchecked';
  reason: string;
}

/** One verdict per distinct pattern per process: forms repeat their patterns across pages and builds. */
const verdicts = new Map<string, PatternVerdict | null>();

/**
 * A form field's `pattern` runs in every visitor's browser
 * (`<input pattern>`, compiled as `^(?:pattern)$`). One that is not a
 * regular expression, or that backtracks catastrophically (exponential, or
 * polynomial of degree 3 or more: `(a+)+$` freezes the tab on a short
 * input), is an error naming the form, the field and the page (ctx). A
 * quadratic pattern (the usual e-mail pattern) is accepted: form values are short.
 */
export function checkFormPatterns(props: Record<string, unknown>, ctx: Context, path: string): void {
  if (!Array.isArray(props.fields)) return;
  const form = typeof props.name === 'string' && props.name.trim() !== '' ? props.name : 'form';
  props.fields.forEach((field, index) => {
    if (!isRecord(field) || typeof field.pattern !== 'string' || field.pattern === '') return;
    const verdict = patternVerdict(field.pattern);
    if (verdict === null) return;
    const name = typeof field.name === 'string' && field.name !== '' ? field.name : `#${index + 1}`;
    const at = joinPath(joinPath(joinPath(path, 'fields'), index), 'pattern');
    const issue = verdict.kind === 'unsafe' ? ISSUES.unsafeFormPattern : ISSUES.uncheckedFormPattern;
    report(ctx, at, issue(form, name, field.pattern, verdict.reason));
  });
}

/** Why a pattern must not reach a page, or could not be checked; null when it is safe. */
export function patternVerdict(pattern: string): PatternVerdict | null {
  const known = verdicts.get(pattern);
  if (known !== undefined) return known;
  const verdict = analyse(pattern);
  verdicts.set(pattern, verdict);
  return verdict;
}

const unsafe = (reason: string): PatternVerdict => ({ kind: 'unsafe', reason });

function analyse(pattern: string): PatternVerdict | null {
  if (pattern.length > MAX_PATTERN) return unsafe(`has ${pattern.length} characters (at most ${MAX_PATTERN})`);
  // The browser compiles with the `v` flag; a pattern valid only without it is rewritten by the client (form/pattern.ts).
  const flags = ['u', ''].find((f) => compiles(pattern, f));
  if (flags === undefined && !compiles(pattern, 'v')) return unsafe('is not a valid regular expression');
  // Without repetition there is no backtracking to speak of: no analysis needed.
  if (!/[*+?{]/.test(pattern)) return null;
  let diagnostics: Diagnostics;
  try {
    diagnostics = loadRecheck().checkSync(`^(?:${pattern})$`, flags ?? 'u', { timeout: CHECK_TIMEOUT });
  } catch (error) {
    return { kind: 'unchecked', reason: `recheck failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  switch (diagnostics.status) {
    case 'safe':
      return null;
    case 'vulnerable': {
      const { complexity, attack } = diagnostics;
      if (complexity.type === 'polynomial' && complexity.degree < 3) return null;
      const kind = complexity.type === 'exponential' ? 'exponentially' : `with degree ${complexity.degree}`;
      return unsafe(`backtracks ${kind}: an input like ${JSON.stringify(attack.string.slice(0, 40))} freezes the visitor's browser`);
    }
    default: {
      const kind = diagnostics.error.kind;
      if (kind === 'invalid') return unsafe('is not a valid regular expression');
      // `unsupported` (syntax recheck does not analyse) or `timeout` (depends on the machine): a warning, so builds stay deterministic.
      return { kind: 'unchecked', reason: `recheck: ${kind}` };
    }
  }
}
