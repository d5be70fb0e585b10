import { parseWeightText, weightText } from './ascii-weight';
import type { FrameLayout } from './types';

/**
 * The "=" format of Yaohua XK3190-A22/A26, XK315A1 and their kin (continuous mode 1): 9 bytes,
 * `=` then the display text low character first: 7 characters of digits (with the decimal point if
 * any) and last the sign position, `0` or `-`. 3.000 is sent `=000.3000`, -1.00 `=00.1000-`.
 * The format has no checksum; the structure is all that is checked.
 */
const EQ = 0x3d;

const decoder = new TextDecoder('latin1');

export const yaohuaReversed: FrameLayout = {
  start: EQ,
  length: 9,
  parse(f) {
    const text = decoder.decode(f.subarray(1)).split('').reverse().join('');
    const signChar = text[0];
    if (signChar !== '0' && signChar !== '-') return null;
    const parsed = parseWeightText(text.slice(1), false);
    if (!parsed) return null;
    const weight = signChar === '-' ? -parsed.weight : parsed.weight;
    return { weight, decimals: parsed.decimals, motion: null, overload: null, net: null };
  },
};

export function encodeYaohuaReversed(weight: number, decimals = 0): Uint8Array {
  const display = (weight < 0 ? '-' : '0') + weightText(weight, decimals, 7);
  return new TextEncoder().encode('=' + display.split('').reverse().join(''));
}
