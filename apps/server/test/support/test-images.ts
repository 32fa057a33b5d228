import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test pictures made with sharp: a gradient-free solid colour is enough to check formats and sizes. */
export function makeImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width = 1200,
  height = 900,
  colour = '#2f6f4f',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return image.toFormat(format).toBuffer();
}

/** Random noise compresses badly, so half of the file really is half of the pixels. */
export function makeNoisyImage(format: 'png' | 'jpeg', width = 800, height = 600): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `size`×`size` black pixels, 1 bit per pixel: 20000×20000 (400 megapixels, gigabytes once
 * decoded) compresses to about 50 KB. A decompression bomb.
 */
export function pixelFloodPng(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(size / 8);
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * size), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first half of an image: a header that reads well, pixel data that ends early. */
export const truncated = (image: Buffer) => image.subarray(0, Math.floor(image.length / 2));
