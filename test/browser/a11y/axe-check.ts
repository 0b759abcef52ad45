import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0–2.2 A and AA, and axe's best practices (the review page was held to them before this sweep). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

export interface Violation {
  rule: string;
  impact: Impact;
  help: string;
  /** The CSS selector of each offending element. */
  targets: string[];
}

export interface AxeCheck {
  violations: Violation[];
  /** How many rules found something to pass: proof that axe looked at a rendered page. */
  passedRules: number;
}

/** What AxeBuilder is given to evaluate in a document that already has axe-core (see checkWithAxe). */
const ALREADY_LOADED = '/* axe-core is already in this document */';

/**
 * Runs axe-core on the page as it is now, or only inside `include` (a selector) when the
 * rest of the page was checked in the same state. Legacy mode runs axe in the page
 * itself: the default mode opens a blank page per run to merge the results of frames,
 * which doubled every run here, and the site has no frames. Only violations are detailed
 * (`resultTypes`): serialising every passing node was most of the rest. AxeBuilder
 * evaluates axe-core's source (about 550 KB) twice a run, most of a small page's check: a
 * document checked again (the cookie notice closed, the next modal) keeps the axe-core it
 * was given the first time, and the same rules run on it.
 */
export async function checkWithAxe(page: Page, include?: string): Promise<AxeCheck> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ALREADY_LOADED } : {}) })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return {
    passedRules: results.passes.length,
    violations: results.violations.map((v) => ({
      rule: v.id,
      impact: (v.impact ?? 'minor') as Impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    })),
  };
}
