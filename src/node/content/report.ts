import type { ContentIssue } from '../../shared/model.js';

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
