import sharp, { type Metadata } from 'sharp';
import { FAILURES, Failure, failureText } from '../platform/failures.js';

/**
 * The most pixels the build decodes in one image: sharp's own default
 * `limitInputPixels` (0x3FFF × 0x3FFF, about 268 megapixels), named here so
 * the check happens on the header, before any decoding, and an editor hears
 * the limit (docs/security.md, "Oversized images"). A 50,000 × 50,000 PNG is
 * a few kilobytes on disk and 2.5 gigapixels decoded.
 */
export const MAX_IMAGE_PIXELS = 0x3fff * 0x3fff;

/** An image whose header declares more than `MAX_IMAGE_PIXELS`. */
export class ImageTooLargeError extends Failure {
  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number) {
    super(failureText(FAILURES.imageTooLarge, width, height, MAX_IMAGE_PIXELS));
    this.width = width;
    this.height = height;
  }
}

/**
 * The image's metadata, read from its header only; throws `ImageTooLargeError`
 * when it declares more than `MAX_IMAGE_PIXELS`, other errors of sharp's
 * when the header cannot be read.
 */
export async function readImageHeader(bytes: Buffer): Promise<Metadata> {
  // The header is read whatever its size: the limit is ours to check, with the size in hand.
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(width, height);
  return meta;
}

/** An image whose header declares more than `MAX_IMAGE_PIXELS`: never decoded. */
interface OversizedImage {
  url: string;
  width: number;
  height: number;
}

/** What the media phase could not encode, by CMS url: too large, or not decodable (corrupt, not an image). */
export interface UnreadableImages {
  oversized: OversizedImage[];
  undecodable: { url: string; reason: string }[];
}

/** Notes why encoding `url` failed, in `into`: reported with its page, never thrown (rule 13). */
export function noteUnreadable(into: UnreadableImages, url: string, error: unknown): void {
  if (error instanceof ImageTooLargeError) into.oversized.push({ url, width: error.width, height: error.height });
  else into.undecodable.push({ url, reason: error instanceof Error ? error.message : String(error) });
}
