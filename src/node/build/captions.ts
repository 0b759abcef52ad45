import type { Block, ContentIssue, Media, SiteContent } from '../../shared/model.js';
import { LOCALES } from '../../shared/locales.js';
import { report, within, type Context } from '../content/context.js';
import { ISSUES } from '../content/issues.js';
import { videoSound, type VideoSound } from './video-sound.js';
import { captionFields } from './media-walks.js';

export interface CaptionsCheck {
  /** The url of every captions file: the media phase publishes them only if they are WebVTT (media.ts `copyMedia`). */
  files: Set<string>;
  /** Videos without captions whose sound was looked at (each file once). */
  videos: number;
  /** `VideoWithoutCaptions` warnings, one per block. */
  issues: ContentIssue[];
}

/**
 * The build's captions check (docs/building.md, "Captions"): a block whose declaration
 * says its video can be heard (`captions({ audible: true })`,
 * src/shared/blocks/fields.ts: `blocks.video`, whose native controls can
 * always turn the sound on) and which has a video but no captions gets a
 * `VideoWithoutCaptions` warning when the video has sound, as its bytes
 * say (`videoSound`: an MP4's audio track; a file whose tracks cannot be
 * read counts as sound). The hero's background video is always muted and is
 * never checked. Pages and the layout's zones; `resolve` maps a CMS url to
 * the file (a missing file is left to the media phase, MediaMissing).
 */
export async function checkCaptions(content: SiteContent, resolve: (url: string) => string): Promise<CaptionsCheck> {
  const issues: ContentIssue[] = [];
  const files = new Set<string>();
  const sounds = new Map<string, Promise<VideoSound | null>>();
  const soundOf = (url: string) => {
    let sound = sounds.get(url);
    if (!sound) sounds.set(url, (sound = videoSound(resolve(url))));
    return sound;
  };
  // Walked without an await a page (a large site has 10,000 pages and 200,000 blocks): the videos to listen to are
  // noted in order, and heard after, so the issues come out in the order of the content.
  const heard: Array<{ video: Media; ctx: Context; block: Block; at: string }> = [];
  const zone = (blocks: readonly Block[], name: string, ctx: () => Context) => {
    for (const block of blocks) {
      // Most blocks have no captions field: passed over without a list made for each.
      if (captionFields(block).length === 0) continue;
      for (const file of captionFiles(block)) files.add(file.url);
      for (const [field, video] of uncaptionedVideos(block)) heard.push({ video, ctx: ctx(), block, at: `${name}[${block.key}].${field}` });
    }
  };
  for (const page of content.pages) zone(page.blocks, 'blocks', () => ({ strict: false, issues, entity: 'page', locale: page.locale, slug: page.slug }));
  for (const locale of LOCALES) {
    const layout = content.layouts[locale];
    for (const name of ['header', 'footer'] as const) zone(layout[name], name, () => ({ strict: false, issues, entity: 'layout', locale, slug: name }));
  }
  for (const { video, ctx, block, at } of heard) {
    const sound = await soundOf(video.url);
    if (!sound || sound.sound === 'no') continue;
    report(within(ctx, { position: Number(block.key), component: block.component }), at, ISSUES.videoWithoutCaptions(video.url, sound.how));
  }
  return { files, videos: sounds.size, issues };
}

/** The captions files of a block. */
function captionFiles(block: Block): Media[] {
  return captionFields(block)
    .map(([key]) => block.props[key] as Media | undefined)
    .filter((media): media is Media => media?.kind === 'captions');
}

/** The empty captions fields of a block whose video can be heard, each with that video. */
function uncaptionedVideos(block: Block): [string, Media][] {
  const out: [string, Media][] = [];
  for (const [key, field] of captionFields(block)) {
    if (!field.captionsOf?.audible || block.props[key]) continue;
    const video = block.props[field.captionsOf.video] as Media | undefined;
    if (video?.kind === 'video') out.push([key, video]);
  }
  return out;
}
