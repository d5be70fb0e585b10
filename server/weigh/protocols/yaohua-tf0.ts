import { readDigits, scaled, type FrameLayout } from './types';

/**
 * Yaohua XK3190 (A9, D2+, …) continuous output, tF=0: 12 bytes
 * `02` · sign `+`/`-` · 6 ASCII digits, high first · decimal places from the right `0`–`4` ·
 * XOR of bytes 2–9 as two ASCII hex digits (high nibble, low nibble) · `03`.
 * E.g. +20.00 is `02 2B 30 30 32 30 30 30 32 31 42 03` (XOR 0x1B → `1` `B`).
 */
const STX = 0x02;
const ETX = 0x03;

function hexDigit(n: number): number {
  return n < 10 ? 0x30 + n : 0x37 + n;
}

function xorOf(frame: Uint8Array): number {
  let x = 0;
  for (let i = 1; i <= 8; i++) x ^= frame[i];
  return x;
}

export const yaohuaTf0: FrameLayout = {
  start: STX,
  length: 12,
  parse(f) {
    if (f[11] !== ETX) return null;
    const sign = f[1] === 0x2b ? 1 : f[1] === 0x2d ? -1 : 0;
    if (!sign) return null;
    const value = readDigits(f, 2, 8);
    const decimals = f[8] - 0x30;
    if (value === null || decimals < 0 || decimals > 4) return null;
    const x = xorOf(f);
    if (f[9] !== hexDigit(x >> 4) || f[10] !== hexDigit(x & 0x0f)) return null;
    return { weight: sign * scaled(value, decimals), decimals, motion: null, overload: null, net: null };
  },
};

export function encodeYaohuaTf0(weight: number, decimals = 0): Uint8Array {
  const value = Math.round(Math.abs(weight) * 10 ** decimals);
  const digits = String(Math.min(value, 999_999)).padStart(6, '0');
  const f = new Uint8Array(12);
  f[0] = STX;
  f[1] = weight < 0 ? 0x2d : 0x2b;
  for (let i = 0; i < 6; i++) f[2 + i] = digits.charCodeAt(i);
  f[8] = 0x30 + decimals;
  const x = xorOf(f);
  f[9] = hexDigit(x >> 4);
  f[10] = hexDigit(x & 0x0f);
  f[11] = ETX;
  return f;
}
