import type { ContentIssue } from '../../shared/model.js';
import { compareStrings } from './values.js';

type Printable = ContentIssue & { component?: string };

/**
 * One issue as people read it, e.g.
 * `✗ error [es] page "habitaciones/suite" › blocks[3] (blocks.hero) › cta.url: <message>`
 * followed by an indented hint line.
 */
export function formatIssue(issue: Printable): string {
  const mark = issue.severity === 'error' ? '✗ error' : '⚠ warning';
  const locale = issue.locale ? ` [${issue.locale}]` : '';
  const slug = issue.slug !== undefined ? ` "${issue.slug}"` : '';
  const parts = [`${mark}${locale} ${issue.entity}${slug}`];
  const { block, rest } = splitField(issue.field ?? '', issue.position);
  if (block) parts.push(issue.component ? `${block} (${issue.component})` : block);
  if (rest) parts.push(rest);
  const hint = issue.hint ? `\n    hint: ${issue.hint}` : '';
  return `${parts.join(' › ')}: ${issue.message}${hint}`;
}

/** `blocks[3].cta.url` → `blocks[3]` and `cta.url` when the issue is about block 3. */
function splitField(field: string, position: number | undefined): { block: string; rest: string } {
  const match = /^([^.[\]]+\[(\d+)\])\.?(.*)$/.exec(field);
  if (position === undefined || !match || Number(match[2]) !== position) return { block: '', rest: field };
  return { block: match[1]!, rest: match[3]! };
}

export interface IssueSummary {
  errors: number;
  warnings: number;
  /** Count per permanent code, keys sorted (for the machine-readable build report). */
  byCode: Record<string, number>;
  /** Errors first, then warnings, then a one-line total. */
  text: string;
}

export function summariseIssues(issues: readonly Printable[]): IssueSummary {
  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity === 'warning');
  const counts = new Map<string, number>();
  for (const issue of issues) counts.set(issue.code, (counts.get(issue.code) ?? 0) + 1);
  const byCode = Object.fromEntries([...counts].sort(([a], [b]) => compareStrings(a, b)));
  const total =
    issues.length === 0
      ? '✓ content: no issues'
      : `${errors.length ? '✗' : '⚠'} content: ${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`;
  const text = [...errors, ...warnings].map(formatIssue).concat(total).join('\n');
  return { errors: errors.length, warnings: warnings.length, byCode, text };
}

export function hasErrors(issues: readonly ContentIssue[]): boolean {
  return issues.some((issue) => issue.severity === 'error');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
