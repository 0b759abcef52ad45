import { checkCaptions } from '../captions.js';
import { ContentValidationError } from '../content-validation-error.js';
import { LiveBuild, triage, withoutHeld, type Triage } from '../held-back.js';
import { formatIssue } from '../../content/report.js';
import type { BuildRun, HeldContent } from './run.js';

/** What the check phase found: the entities held back, the live build they keep, and the captions' warnings and files. */
export interface Checked {
  /** Grows when media hold pages back (media.ts). */
  held: Triage['held'];
  live: LiveBuild | null;
  captions: Awaited<ReturnType<typeof checkCaptions>>;
}

/**
 * Errors in one page or modal hold it back (held-back.ts); errors in what every page carries stop the build. Then the
 * videos the visitor can hear, without captions: warnings from the videos' bytes (captions.ts).
 */
export async function checkContent(run: BuildRun, loaded: HeldContent): Promise<Checked> {
  const { fatal, held } = triage(loaded.issues);
  if (fatal.length > 0) throw new ContentValidationError(loaded.issues);
  const live = held.length > 0 ? await LiveBuild.open(run.paths) : null;
  if (held.length > 0) loaded.content = withoutHeld(loaded.content!, held);

  const captions = await run.phases.run(
    'captions',
    () => checkCaptions(loaded.content!, loaded.resolveMedia),
    (c) => `${c.videos} videos without captions read, ${c.issues.length} with sound`,
  );
  for (const issue of captions.issues) run.log(`    ${formatIssue(issue).replace(/\n/g, '\n    ')}`);
  return { held, live, captions };
}
