import zlib from 'node:zlib';
import { CAPTCHA_GLYPHS, drawGlyph } from '../../server/auth/captcha-image';

/**
 * Reads the digits of a sign-in captcha by the server's own glyphs and drawing (server/auth/captcha-image.ts:
 * 5x7 glyphs, 3x4 pixels a cell at 120x40, one colour a glyph, a bounded shear and offset in its own
 * slot), so an end-to-end test can go past the captcha as a person would: by reading it. Each slot's
 * glyph colour is its most frequent dark colour; the digit is the glyph whose drawing, tried at every
 * shear and offset, best covers those pixels.
 */
const DIGITS = [...'0123456789'].map((d) => CAPTCHA_GLYPHS[d]);

function decodePng(png: Buffer): { width: number; height: number; rgb: Buffer } {
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') { width = data.readUInt32BE(0); height = data.readUInt32BE(4); }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const rgb = Buffer.alloc(width * height * 3);
  // the server writes filter 0 (none) on every row
  for (let y = 0; y < height; y++) raw.copy(rgb, y * width * 3, y * (1 + width * 3) + 1, (y + 1) * (1 + width * 3));
  return { width, height, rgb };
}

/** The pixels a digit covers when drawn at `left`, `top` with `shear` (by the server's own drawing). */
function drawn(glyph: readonly number[], left: number, top: number, shear: number, scaleX: number, scaleY: number, width: number): Set<number> {
  const out = new Set<number>();
  drawGlyph(glyph, left, top, shear, scaleX, scaleY, (x, y) => out.add(Math.floor(y) * width + Math.floor(x)));
  return out;
}

export function readCaptcha(png: Buffer, length = 4): string {
  const { width, height, rgb } = decodePng(png);
  const pad = width * 0.06;
  const slot = (width - 2 * pad) / length;
  const scaleY = Math.max(1, Math.floor((height * 0.75) / 7));
  const scaleX = Math.max(1, Math.min(scaleY, Math.floor((slot * 0.75) / 5)));
  const colour = (i: number) => (rgb[i * 3] << 16) | (rgb[i * 3 + 1] << 8) | rgb[i * 3 + 2];
  // the background is the most frequent colour (a noise dot may sit on any given pixel)
  const all = new Map<number, number>();
  for (let i = 0; i < width * height; i++) all.set(colour(i), (all.get(colour(i)) ?? 0) + 1);
  const background = [...all.entries()].sort((a, b) => b[1] - a[1])[0][0];
  let code = '';
  for (let index = 0; index < length; index++) {
    const x0 = Math.floor(pad + slot * index);
    const x1 = Math.ceil(pad + slot * (index + 1));
    const counts = new Map<number, number>();
    for (let y = 0; y < height; y++) for (let x = x0; x < x1; x++) {
      const c = colour(y * width + x);
      if (c !== background) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const ink = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const seen = new Set<number>();
    let minX = width; let minY = height;
    for (let y = 0; y < height; y++) for (let x = Math.max(0, x0 - 4); x < Math.min(width, x1 + 4); x++) {
      if (colour(y * width + x) !== ink) continue;
      seen.add(y * width + x);
      minX = Math.min(minX, x); minY = Math.min(minY, y);
    }
    let best = { digit: 0, score: -1 };
    for (let digit = 0; digit < 10; digit++) {
      for (let shear = -0.2; shear <= 0.2001; shear += 0.02) {
        for (let left = minX - 6; left <= minX + 6; left += 0.5) {
          for (let top = minY - 1; top <= minY + 0.01; top += 0.25) {
            const cells = drawn(DIGITS[digit], left, top, shear, scaleX, scaleY, width);
            let hit = 0;
            for (const p of cells) if (seen.has(p)) hit++;
            const score = hit / (cells.size + seen.size - hit);
            if (score > best.score) best = { digit, score };
          }
        }
      }
    }
    code += String(best.digit);
  }
  return code;
}
