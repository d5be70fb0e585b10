import { parseWeightText, weightText } from './ascii-weight';
import type { FrameLayout } from './types';

/**
 * The ASCII format of Yaohua XK3190-A12/A27 (and A12E): 11 bytes `w` · kind · 7-character weight
 * (a leading minus for negative) · unit `kg`. The kind is `w` (gross) or `n` (net); a `t` frame
 * shows the stored tare, not the load, and is refused. E.g. `ww030150kg`-style `ww030.150kg`.
 */
const W = 0x77;

const decoder = new TextDecoder('latin1');

export const yaohuaWw: FrameLayout = {
  start: W,
  length: 11,
  parse(f) {
    const text = decoder.decode(f);
    const kind = text[1];
    if (kind !== 'w' && kind !== 'n') return null;
    if (text.slice(9) !== 'kg') return null;
    const parsed = parseWeightText(text.slice(2, 9), true);
    if (!parsed) return null;
    return { weight: parsed.weight, decimals: parsed.decimals, motion: null, overload: null, net: kind === 'n' };
  },
};

export function encodeYaohuaWw(weight: number, decimals = 0, net = false): Uint8Array {
  const field = weight < 0 ? '-' + weightText(weight, decimals, 6) : weightText(weight, decimals, 7);
  return new TextEncoder().encode(`w${net ? 'n' : 'w'}${field}kg`);
}
