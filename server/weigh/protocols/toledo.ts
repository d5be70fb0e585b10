import { readDigits, scaled, type FrameLayout } from './types';

/**
 * Mettler-Toledo continuous output: 18 bytes `STX` · SWA · SWB · SWC · 6 digits displayed weight ·
 * 6 digits tare · `CR` · checksum. Leading zeros of the digit fields may be spaces; bit 7 of every
 * byte may be a parity bit and is ignored.
 * - SWA: bits 0–2 decimal position (0: ×100, 1: ×10, 2: none, 3–7: 1–5 places), bits 3–4 the
 *   increment size, bit 5 always 1, bit 6 always 0.
 * - SWB: bit 0 net, bit 1 negative, bit 2 out of range (overload), bit 3 motion, bit 4 kg (else lb),
 *   bit 5 always 1, bit 6 powered up and not yet zeroed.
 * - SWC: bit 0 grams, bit 5 always 1.
 * - Checksum: the two's complement of the low 7 bits of the sum of all bytes before it, STX and CR
 *   included, so the 7-bit sum of all 18 bytes is 0.
 */
const STX = 0x02;
const CR = 0x0d;

function sum7(f: Uint8Array, to: number): number {
  let s = 0;
  for (let i = 0; i < to; i++) s += f[i] & 0x7f;
  return s & 0x7f;
}

/** SWA bits 0–2 → (multiplier exponent, decimals). */
function position(code: number): { multiply: number; decimals: number } {
  if (code === 0) return { multiply: 100, decimals: 0 };
  if (code === 1) return { multiply: 10, decimals: 0 };
  return { multiply: 1, decimals: code - 2 };
}

export const toledo: FrameLayout = {
  start: STX,
  length: 18,
  parse(f) {
    if ((f[16] & 0x7f) !== CR) return null;
    if (((sum7(f, 17) + (f[17] & 0x7f)) & 0x7f) !== 0) return null;
    const swa = f[1] & 0x7f;
    const swb = f[2] & 0x7f;
    const swc = f[3] & 0x7f;
    if ((swa & 0x60) !== 0x20 || (swb & 0x20) === 0 || (swc & 0x20) === 0) return null;
    // A weight in pounds or grams is not a truck scale's kilogram reading.
    if ((swb & 0x10) === 0 || (swc & 0x01) !== 0) return null;
    const digits = new Uint8Array(12);
    for (let i = 0; i < 12; i++) digits[i] = f[4 + i] & 0x7f;
    const value = readDigits(digits, 0, 6, true);
    const tare = readDigits(digits, 6, 12, true);
    if (value === null || tare === null) return null;
    const { multiply, decimals } = position(swa & 0x07);
    const sign = swb & 0x02 ? -1 : 1;
    return {
      weight: sign * scaled(value * multiply, decimals),
      decimals,
      motion: (swb & 0x08) !== 0,
      overload: (swb & 0x04) !== 0,
      net: (swb & 0x01) !== 0,
    };
  },
};

export interface ToledoStatus {
  motion?: boolean;
  overload?: boolean;
  net?: boolean;
  tare?: number;
}

export function encodeToledo(weight: number, decimals = 0, status: ToledoStatus = {}): Uint8Array {
  const f = new Uint8Array(18);
  f[0] = STX;
  f[1] = 0x20 | 0x08 | (decimals + 2); // increment ×1
  f[2] = 0x20 | 0x10 | (status.net ? 0x01 : 0) | (weight < 0 ? 0x02 : 0) | (status.overload ? 0x04 : 0) | (status.motion ? 0x08 : 0);
  f[3] = 0x20;
  const field = (n: number) => String(Math.min(Math.round(Math.abs(n) * 10 ** decimals), 999_999)).padStart(6, ' ');
  const text = field(weight) + field(status.tare ?? 0);
  for (let i = 0; i < 12; i++) f[4 + i] = text.charCodeAt(i);
  f[16] = CR;
  f[17] = (0x80 - sum7(f, 17)) & 0x7f;
  return f;
}
