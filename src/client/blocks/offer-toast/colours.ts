import { parseColour, type Rgb } from '../../../shared/block-values.js';

/**
 * The toast's colours from the CMS `background`: accepted only as an opaque
 * hex (`#rgb`, `#rrggbb`) or `rgb()`/`rgba()` colour (`parseColour`, shared
 * with the build's check; anything else, say a `url()` or a half-transparent
 * colour whose contrast depends on the page behind, is ignored). The text is
 * white or ink, whichever contrasts more. When neither reaches WCAG AA
 * (4.5:1) for normal text, the card keeps its default colours and the CMS
 * colour becomes its accent stripe, so the editor's colour still shows
 * without making the text hard to read.
 */
const INK = '#0f2a36';
const WHITE = '#ffffff';
const AA = 4.5;

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Either the card's background and text colours, or only an accent when the background fails AA. */
export type ToastColours = { background: string; color: string } | { accent: string };

/** Colours for a CMS background, or null to keep the default (ink card, white text). */
export function toastColours(background: unknown): ToastColours | null {
  const rgb = parseColour(background);
  if (!rgb) return null;
  const css = `rgb(${rgb.join(' ')})`;
  const onWhite = contrast(rgb, [255, 255, 255]);
  const onInk = contrast(rgb, parseColour(INK)!);
  const [color, ratio] = onWhite >= onInk ? [WHITE, onWhite] : [INK, onInk];
  return ratio >= AA ? { background: css, color } : { accent: css };
}
