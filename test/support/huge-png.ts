import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG whose header declares `width` × `height` 1-bit grey pixels, with one
 * row of image data: a few dozen bytes that pass a file-type check and read
 * as a PNG of that size, without the gigabytes a real one would need to
 * write or decode. What an oversized upload looks like to the build until
 * it decodes it (sharp refuses at the header: "Input image exceeds pixel limit").
 */
export function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(row)), chunk('IEND', Buffer.alloc(0))]);
}
