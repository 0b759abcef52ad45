import type { BlockProps } from '../../../shared/blocks/catalogue.js';
import type { Countries, Link, Media } from '../../../shared/model.js';

/** One slide of `blocks.carousel` / `modals.carousel`, with the carousel's defaults applied. */
export interface Slide {
  media: Media | null;
  title: string;
  /** Sanitised rich-text HTML (normalisation did it), '' when absent. */
  text: string;
  link: Link | null;
  /** Country targeting of the slide, when the CMS gave one (spec §5). */
  countries: Countries;
}

/**
 * The slides of the block's props. A slide with neither an image nor a
 * title has nothing to show and is left out, so "n of m" counts only what
 * the visitor can see.
 */
export function slidesOf(value: BlockProps<'blocks.carousel'>['slides']): Slide[] {
  return (value ?? []).flatMap((item) => {
    const slide: Slide = {
      media: item.media ?? null,
      title: item.title ?? '',
      text: item.text ?? '',
      link: item.link ?? null,
      countries: item.countries ?? null,
    };
    return slide.media?.kind === 'image' || slide.title ? [slide] : [];
  });
}

/**
 * Autoplay interval in ms, or 0 for off. Values under 2 s are raised to 2 s:
 * a slide that changes faster cannot be read, whatever the CMS says.
 */
export function autoplayInterval(value: number | null | undefined): number {
  const ms = value ?? 0;
  return ms > 0 ? Math.max(ms, MIN_AUTOPLAY_MS) : 0;
}

const MIN_AUTOPLAY_MS = 2000;
