import path from 'node:path';
import type { Page } from '../../../shared/model.js';
import { ISSUES } from '../../content/issues.js';
import { carryRaised } from '../../content/raised-with.js';
import { ContentValidationError } from '../content-validation-error.js';
import { heldForMedia, LiveBuild, withoutHeld } from '../held-back.js';
import { copyMedia, mediaUsers } from '../media.js';
import { encodeImages } from '../media-encode.js';
import { MAX_IMAGE_PIXELS } from '../media-pixels.js';
import { mediaUrlsInContent, rasterImages } from '../media-walks.js';
import { encodeShareImages, shareField, shareSources } from '../share-image.js';
import { formatBytes } from '../task.js';
import type { Checked } from './check.js';
import type { BuildRun, HeldContent } from './run.js';

/** The media phase's result: the files published, their new urls, and the share-card renditions. */
export type PublishedMedia = Awaited<ReturnType<typeof copyAndEncode>>;

/**
 * The media phase: the media the content uses, copied into `staging` and encoded (AVIF, WebP, share cards). Media that
 * cannot be published (missing, undecodable, refused) and are only used by pages hold those pages back (`checked.held`
 * grows, `loaded.content` loses them) and the phase runs again without them; used by what every page carries, they stop
 * the build.
 */
export async function publishMedia(run: BuildRun, loaded: HeldContent, checked: Checked, staging: string): Promise<PublishedMedia> {
  const skipped = new Set<string>();
  let media = await copyAndEncode(run, loaded, checked, staging, skipped);
  const setAside = loaded.setAside;
  const oversized = [...media.oversized, ...media.share.oversized];
  const undecodable = [...media.undecodable, ...media.share.undecodable];
  if (media.missing.length > 0 || undecodable.length > 0 || oversized.length > 0 || media.refused.length > 0) {
    const whole = setAside && ((page: Page) => setAside.withBlocks(page));
    const problems = [
      ...media.missing.map((url) => ({ url, body: () => ISSUES.mediaMissing(url, loaded.resolveMedia(url)) })),
      ...undecodable.map(({ url, reason }) => ({ url, body: () => ISSUES.imageUndecodable(url, reason) })),
      ...oversized.map(({ url, width, height }) => ({
        url,
        body: () => ISSUES.imageTooLarge(url, width, height, MAX_IMAGE_PIXELS),
        field: (page: Page) => shareField(page, url),
      })),
      ...media.refused.map(({ url, reason }) => ({ url, body: (users?: string) => ISSUES.mediaRefused(url, reason, users ?? mediaUsers(loaded.content!.pages, url, whole)) })),
    ];
    const byMedia = heldForMedia(loaded.content!, problems, whole);
    if (!byMedia) {
      const issues = problems.map(({ body }) => {
        const raised = body();
        const issue = { severity: raised.severity, code: raised.code, message: raised.message, entity: 'media', hint: raised.hint };
        carryRaised(raised, issue);
        return issue;
      });
      throw new ContentValidationError(issues);
    }
    checked.held.push(...byMedia);
    for (const { url } of problems) skipped.add(url);
    loaded.content = withoutHeld(loaded.content!, byMedia);
    checked.live ??= await LiveBuild.open(run.paths);
    media = await copyAndEncode(run, loaded, checked, staging, skipped);
  }
  return media;
}

async function copyAndEncode(run: BuildRun, loaded: HeldContent, checked: Checked, staging: string, skipped: ReadonlySet<string>) {
  const { walk, memo } = run;
  const setAside = loaded.setAside;
  return run.phases.run(
    'media',
    async () => {
      const cache = path.join(run.paths.work, 'media');
      const usable = (urls: string[]) => (skipped.size ? urls.filter((url) => !skipped.has(url)) : urls);
      // A large site's pages were walked by the threads that set their blocks aside (spill.ts): the rest of the content is walked here.
      const rest = setAside ? { ...loaded.content!, pages: [] } : loaded.content!;
      const copied = await copyMedia(usable(walk(rest, mediaUrlsInContent, setAside?.media)), loaded.resolveMedia, staging, memo?.media, checked.captions.files);
      const encoded = await encodeImages(copied, usable(walk(rest, rasterImages, setAside?.raster)), staging, cache);
      // The share-card images (docs/search-and-sharing.md, "Share cards"), after the copies they are made from.
      const share = await encodeShareImages(encoded, shareSources(loaded.content!.pages), staging, cache);
      return { ...encoded, files: encoded.files + share.renditions.size, bytes: encoded.bytes + share.bytes, share };
    },
    (m) =>
      `${m.files} files, ${formatBytes(m.bytes)}; AVIF and WebP: ${m.encoded} encoded, ${m.reused} from cache; share images: ${m.share.renditions.size} (${m.share.encoded} encoded)`,
  );
}
