import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AxeCheck, Impact, Violation } from './axe-check.js';

const BLOCKING: readonly Impact[] = ['critical', 'serious'];

export interface FindingRow {
  rule: string;
  impact: Impact;
  help: string;
  /** Offending elements, summed over every state checked. */
  elements: number;
  /** States (width, path, what was open) where the rule found something. */
  states: number;
  examples: string;
}

/**
 * What axe found over a whole run. Serious and critical violations fail the test that
 * found them; moderate and minor ones are only collected, printed and written down.
 */
export class Findings {
  private readonly found: { where: string; violation: Violation }[] = [];

  /** Records a check of one state; returns its serious and critical violations, one line each. */
  add(where: string, check: AxeCheck): string[] {
    for (const violation of check.violations) this.found.push({ where, violation });
    return check.violations.filter((v) => BLOCKING.includes(v.impact)).map((v) => `${where}: ${v.impact} ${v.rule} (${v.help}): ${v.targets.slice(0, 4).join(' | ')}`);
  }

  /** The moderate and minor findings, one row a rule, most widespread first. */
  rows(): FindingRow[] {
    const byRule = new Map<string, { violation: Violation; elements: number; where: Set<string> }>();
    for (const { where, violation } of this.found) {
      if (BLOCKING.includes(violation.impact)) continue;
      const row = byRule.get(violation.rule) ?? { violation, elements: 0, where: new Set<string>() };
      row.elements += violation.targets.length;
      row.where.add(where);
      byRule.set(violation.rule, row);
    }
    return [...byRule.values()]
      .map(({ violation, elements, where }) => ({
        rule: violation.rule,
        impact: violation.impact,
        help: violation.help,
        elements,
        states: where.size,
        examples: [...where].slice(0, 3).join('; '),
      }))
      .sort((a, b) => b.states - a.states || a.rule.localeCompare(b.rule));
  }

  /** Writes `axe-findings.json` (every finding) and `axe-findings.md` (the table) into `dir`. */
  async write(dir: string, checkedStates: number): Promise<string> {
    await mkdir(dir, { recursive: true });
    const rows = this.rows();
    await writeFile(path.join(dir, 'axe-findings.json'), `${JSON.stringify({ checkedStates, moderateAndMinor: rows, all: this.found }, null, 2)}\n`);
    const table = [
      `# axe-core findings (moderate and minor) over ${checkedStates} checked states`,
      '',
      '| rule | impact | elements | states | help | e.g. |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((r) => `| ${r.rule} | ${r.impact} | ${r.elements} | ${r.states} | ${r.help} | ${r.examples} |`),
      '',
    ].join('\n');
    const file = path.join(dir, 'axe-findings.md');
    await writeFile(file, table);
    return file;
  }
}
