import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHARACTERS, randomCaptchaCode, renderCaptchaPng } from './captcha-image';

function readPng(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  const chunks: Record<string, Buffer[]> = {};
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    (chunks[type] ??= []).push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const ihdr = chunks.IHDR[0];
  return { width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), pixels: zlib.inflateSync(Buffer.concat(chunks.IDAT)), chunks };
}

describe('renderCaptchaPng', () => {
  it('writes a valid RGB PNG of the requested size', () => {
    const { width, height, pixels, chunks } = readPng(renderCaptchaPng('4711', { width: 120, height: 40, seed: 7 }));
    expect([width, height]).toEqual([120, 40]);
    expect(pixels.length).toBe(40 * (1 + 120 * 3));
    expect(chunks.IEND).toHaveLength(1);
  });

  it('draws different codes differently, and the same code and seed the same', () => {
    const a = renderCaptchaPng('1234', { seed: 3 });
    expect(renderCaptchaPng('1234', { seed: 3 }).equals(a)).toBe(true);
    expect(renderCaptchaPng('5678', { seed: 3 }).equals(a)).toBe(false);
  });

  it('can draw every allowed character and refuses others clearly', () => {
    expect(() => renderCaptchaPng(CAPTCHA_CHARACTERS.slice(0, 6))).not.toThrow();
    for (const ch of CAPTCHA_CHARACTERS) expect(() => renderCaptchaPng(ch)).not.toThrow();
    expect(() => renderCaptchaPng('12O4')).toThrow('cannot draw the character "O"');
  });

  it('makes 4-digit codes', () => {
    for (let i = 0; i < 20; i++) expect(randomCaptchaCode()).toMatch(/^\d{4}$/);
  });
});
