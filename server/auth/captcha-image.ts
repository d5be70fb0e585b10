import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** 5x7 bitmap glyphs: each row is 5 bits, most significant bit on the left. */
export const CAPTCHA_GLYPHS: Record<string, number[]> = {
  '0': [0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e], '1': [0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e],
  '2': [0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f], '3': [0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e],
  '4': [0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02], '5': [0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e],
  '6': [0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e], '7': [0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
  '8': [0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e], '9': [0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c],
  A: [0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11], B: [0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e],
  C: [0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e], D: [0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c],
  E: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f], F: [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10],
  G: [0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f], H: [0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
  J: [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c], K: [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
  L: [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f], M: [0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11],
  N: [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11], P: [0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10],
  Q: [0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d], R: [0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11],
  S: [0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e], T: [0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
  U: [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e], V: [0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04],
  W: [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a], X: [0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11],
  Y: [0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04], Z: [0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f],
};

/** The characters a captcha may hold. */
export const CAPTCHA_CHARACTERS = Object.keys(CAPTCHA_GLYPHS).join('');

/** A captcha code of digits (the product's captcha is 4 digits). */
export function randomCaptchaCode(length = 4): string {
  if (!Number.isInteger(length) || length < 4 || length > 6) throw new RangeError(`A captcha code has 4 to 6 characters (asked for ${length})`);
  let code = '';
  for (let i = 0; i < length; i++) code += String(crypto.randomInt(10));
  return code;
}

/** A small seeded generator, so a given seed draws the same picture (tests) and no seed draws a random one. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 0x100000000;
  };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes 8-bit RGB pixels (row-major, 3 bytes a pixel) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + width * 3)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (1 + width * 3) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The pixels of a glyph drawn at `left`, `top` in cells of scaleX x scaleY, leaning by `shear`
 * around its middle row (what the renderer draws, and what the e2e captcha reader matches against).
 */
export function drawGlyph(glyph: readonly number[], left: number, top: number, shear: number, scaleX: number, scaleY: number, visit: (x: number, y: number) => void): void {
  const middle = top + (7 * scaleY) / 2;
  for (let row = 0; row < 7; row++) {
    for (let col = 0; col < 5; col++) {
      if (!((glyph[row] >> (4 - col)) & 1)) continue;
      for (let dy = 0; dy < scaleY; dy++) {
        for (let dx = 0; dx < scaleX; dx++) {
          const y = top + row * scaleY + dy;
          visit(left + col * scaleX + dx + shear * (y - middle), y);
        }
      }
    }
  }
}

/**
 * Draws a captcha code as a PNG: scaled bitmap glyphs, each with its own colour, offset and shear,
 * over a light background with noise lines and dots. Each glyph stays inside its own slot (offset
 * and shear are bounded by the slot's spare room), so neighbouring characters never run together.
 */
export function renderCaptchaPng(text: string, opts: { width?: number; height?: number; seed?: number } = {}): Buffer {
  const width = opts.width ?? 120;
  const height = opts.height ?? 40;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 4_000_000) {
    throw new Error(`The captcha size must be whole pixels, at most 4 megapixels (got ${width}x${height})`);
  }
  const chars = [...text];
  if (chars.length === 0) throw new Error('The captcha needs at least one character');
  for (const ch of chars) {
    if (!Object.hasOwn(CAPTCHA_GLYPHS, ch)) throw new Error(`The captcha cannot draw the character "${ch}"; allowed: ${CAPTCHA_CHARACTERS}`);
  }
  const random = rng(opts.seed ?? crypto.randomInt(1, 0x7fffffff));
  const px = new Uint8Array(width * height * 3);
  const set = (x: number, y: number, c: [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (Math.floor(y) * width + Math.floor(x)) * 3;
    px[i] = c[0]; px[i + 1] = c[1]; px[i + 2] = c[2];
  };
  const bg: [number, number, number] = [240 + Math.floor(random() * 15), 244 + Math.floor(random() * 11), 250];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, bg);
  // dark enough on the light background (contrast about 5:1 or better)
  const dark = (): [number, number, number] => [Math.floor(random() * 100), Math.floor(random() * 100), 60 + Math.floor(random() * 110)];

  for (let i = 0; i < Math.round((width * height) / 120); i++) set(random() * width, random() * height, dark());

  // one slot per character; glyphs a little taller than wide (about 3x horizontally, 4x vertically at 120x40)
  const pad = width * 0.06;
  const slot = (width - 2 * pad) / chars.length;
  const scaleY = Math.max(1, Math.floor((height * 0.75) / 7));
  const scaleX = Math.max(1, Math.min(scaleY, Math.floor((slot * 0.75) / 5)));
  const glyphW = 5 * scaleX;
  const glyphH = 7 * scaleY;
  chars.forEach((ch, index) => {
    const glyph = CAPTCHA_GLYPHS[ch];
    const colour = dark();
    const spare = Math.max(0, (slot - glyphW) / 2 - 1); // room on each side inside the slot
    const shear = (random() - 0.5) * 0.4 * Math.min(1, (2 * spare) / glyphH); // leaning at most ±0.2
    const lean = Math.abs(shear) * (glyphH / 2);
    const left = pad + slot * index + (slot - glyphW) / 2 + (random() - 0.5) * 2 * Math.max(0, spare - lean);
    const top = (height - glyphH) / 2 + (random() - 0.5) * Math.max(0, Math.min(scaleY * 2, height - glyphH - 2));
    drawGlyph(glyph, left, top, shear, scaleX, scaleY, (x, y) => set(x, y, colour));
  });
  for (let l = 0; l < 3; l++) {
    const colour = dark();
    let y = random() * height;
    const slope = (random() - 0.5) * 0.8 * (height / width) * 3;
    for (let x = 0; x < width; x += 0.5) { y += slope * 0.5; set(x, y, colour); }
  }
  return encodePng(width, height, px);
}
