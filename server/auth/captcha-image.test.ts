import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHARACTERS, randomCaptchaCode, renderCaptchaPng } from './captcha-image';

/** Digits and upper-case letters without I and O, spelled out here so the test does not trust the glyph table. */
const ALLOWED = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function readPng(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  const chunks: Record<string, Buffer[]> = {};
  const order: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    order.push(type);
    (chunks[type] ??= []).push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  const ihdr = chunks.IHDR[0];
  return {
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    bitDepth: ihdr[8],
    colourType: ihdr[9],
    pixels: zlib.inflateSync(Buffer.concat(chunks.IDAT)),
    order,
  };
}

describe('renderCaptchaPng', () => {
  it('writes a valid 8-bit RGB PNG of the default size, 120x40', () => {
    const png = readPng(renderCaptchaPng('4711', { seed: 7 }));
    expect([png.width, png.height, png.bitDepth, png.colourType]).toEqual([120, 40, 8, 2]);
    expect(png.pixels.length).toBe(40 * (1 + 120 * 3));
    expect(png.order[0]).toBe('IHDR');
    expect(png.order.at(-1)).toBe('IEND');
  });

  it('honours a requested width and height', () => {
    const png = readPng(renderCaptchaPng('4711', { width: 157, height: 53 }));
    expect([png.width, png.height]).toEqual([157, 53]);
    expect(png.pixels.length).toBe(53 * (1 + 157 * 3));
  });

  it('draws different codes with different pixels, and the same code and seed the same', () => {
    const pixels = (code: string) => readPng(renderCaptchaPng(code, { seed: 3 })).pixels;
    const a = pixels('1234');
    expect(pixels('1234').equals(a)).toBe(true);
    expect(pixels('5678').equals(a)).toBe(false);
    expect(readPng(renderCaptchaPng('1234', { seed: 4 })).pixels.equals(a)).toBe(false);
  });

  it('has a glyph for every allowed character and for nothing else', () => {
    expect([...CAPTCHA_CHARACTERS].sort().join('')).toBe(ALLOWED);
    for (const ch of ALLOWED) expect(() => renderCaptchaPng(ch.repeat(4))).not.toThrow();
    for (let i = 0; i + 6 <= ALLOWED.length; i += 6) expect(() => renderCaptchaPng(ALLOWED.slice(i, i + 6))).not.toThrow();
  });

  it('refuses an unsupported character with a clear error', () => {
    for (const ch of ['O', 'I', 'a', ' ', '-', '🙂']) {
      expect(() => renderCaptchaPng(`12${ch}4`)).toThrow(/cannot draw the character/);
    }
    expect(() => renderCaptchaPng('12O4')).toThrow('cannot draw the character "O"');
    expect(() => renderCaptchaPng('')).toThrow();
    expect(() => renderCaptchaPng('1234', { width: 0 })).toThrow(/size/);
    expect(() => renderCaptchaPng('1234', { height: 10.5 })).toThrow(/size/);
  });
});

describe('randomCaptchaCode', () => {
  it('makes 4-digit codes by default', () => {
    for (let i = 0; i < 50; i++) expect(randomCaptchaCode()).toMatch(/^\d{4}$/);
  });

  it('makes 4 to 6 digits and no other length', () => {
    expect(randomCaptchaCode(6)).toMatch(/^\d{6}$/);
    expect(() => randomCaptchaCode(3)).toThrow(RangeError);
    expect(() => randomCaptchaCode(7)).toThrow(RangeError);
  });

  it('uses every digit', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomCaptchaCode()).join(''));
    expect(seen.size).toBe(10);
  });
});
