import type { ContentIssue } from '../../../shared/model.js';
import { formatIssue } from '../../content/report.js';
import { linksLeftDead, restoreLive, type HeldBack, type Restored } from '../held-back.js';
import { rewriteMediaUrls } from '../media.js';
import type { Logger } from '../task.js';
import type { Checked } from './check.js';
import type { PublishedMedia } from './media.js';
import type { BuildRun, HeldContent } from './run.js';

/**
 * The content as it is published: media urls rewritten to the published files (`loaded.content` is let go: only the
 * rewritten content is kept through render), and what was held back put back as it is live, since other pages link to
 * it, list it and name it in hreflang. `leftDead`: warnings for links to pages held back that were never published.
 */
export async function settleContent(run: BuildRun, loaded: HeldContent, media: PublishedMedia, checked: Checked): Promise<Restored & { leftDead: ContentIssue[] }> {
  const rewritten = run.memo ? run.memo.rewrite(loaded.content!, media.urls) : rewriteMediaUrls(loaded.content!, media.urls);
  loaded.content = null;
  const restored = await restoreLive(rewritten, checked.held, checked.live);
  for (const entry of restored.heldBack) logHeldBack(entry, run.log);
  return { ...restored, leftDead: linksLeftDead(restored.content, restored.heldBack, loaded.issues) };
}

/** Says what was held back and why, each error under it. */
export function logHeldBack(entry: HeldBack, log: Logger): void {
  const name = `${entry.entity}${entry.locale ? ` [${entry.locale}]` : ''}${entry.slug !== undefined ? ` "${entry.slug}"` : ''}`;
  const outcome = entry.kept === null ? 'never published: left out' : `its last published version stays live (${entry.kept})`;
  log(`  ⚠ held back: ${name}, ${entry.issues.length} error${entry.issues.length === 1 ? '' : 's'}; ${outcome}`);
  for (const issue of entry.issues) log(`    ${formatIssue(issue).replace(/\n/g, '\n    ')}`);
}
