import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/build/paths.js';
import { FIRST_VIEW_BUDGET, formatFirstView, measureFirstView, overBudget, type PageWeight } from '../../src/node/perf/first-view.js';
import { buildSite } from '../support/build-site.js';

/**
 * The first-view budget (docs/performance.md, "First view"), on the bundled
 * site (content-cache/): sizes, not times. A page over budget fails with the
 * whole table, the same one `npm run bench:size` prints.
 */
let rows: PageWeight[];
beforeAll(async () => {
  const { paths } = await buildSite(path.join(ROOT, 'content-cache'));
  rows = measureFirstView(paths.dist);
});

describe('first-view budget of the bundled site', () => {
  it('measures every page of both locales', () => {
    expect(rows.length).toBeGreaterThanOrEqual(45);
    expect(rows.map((r) => r.page)).toEqual(expect.arrayContaining(['index.html', 'es.html', 'all-blocks.html', '404.html', 'es/404.html']));
  });

  it(`keeps every page within ${FIRST_VIEW_BUDGET.js / 1024} KB of JavaScript and ${FIRST_VIEW_BUDGET.css / 1024} KB of CSS (gzip) before hydration`, () => {
    const over = overBudget(rows);
    expect(over, `${over.length} page(s) over budget:\n${formatFirstView(rows)}`).toEqual([]);
  });
});
