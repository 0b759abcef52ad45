// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageTooLargeError, MAX_IMAGE_PIXELS, readImageHeader } from './media-pixels.js';
import { hugePng } from '../../../test/support/huge-png.js';

describe('the pixel limit of decoded images (docs/security.md, "Oversized images")', () => {
  it("is sharp's own default, 16,383 × 16,383", () => {
    expect(MAX_IMAGE_PIXELS).toBe(268_402_689);
  });

  it('refuses a 50,000 × 50,000 PNG from its header, naming its size and the limit', async () => {
    const error = await readImageHeader(hugePng(50_000, 50_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect(error).toMatchObject({ width: 50_000, height: 50_000, message: '50000 × 50000 pixels, more than the 268402689 the build decodes' });
  });

  it('reads an image at the limit', async () => {
    await expect(readImageHeader(hugePng(0x3fff, 0x3fff))).resolves.toMatchObject({ format: 'png', width: 16_383, height: 16_383 });
    await expect(readImageHeader(hugePng(0x3fff, 0x3fff + 1))).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('reads a real image', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0b4f6c' } })
      .jpeg()
      .toBuffer();
    await expect(readImageHeader(jpeg)).resolves.toMatchObject({ format: 'jpeg', width: 40, height: 30 });
  });
});
