/** One weight frame read from an indicator, as the indicator displayed it. */
export interface Reading {
  /** Displayed weight in the indicator's unit (kg on a truck scale), sign applied. */
  weight: number;
  /** Decimal places the indicator sent (the weight is exact to these). */
  decimals: number;
  /** The indicator's own motion flag; null when the protocol has none. */
  motion: boolean | null;
  /** Over capacity or out of range; null when the protocol does not say. */
  overload: boolean | null;
  /** Net (tare taken on the indicator) rather than gross; null when the protocol does not say. */
  net: boolean | null;
  /** The frame's bytes exactly as received (the evidence of a capture). */
  raw: Uint8Array;
}

/**
 * A frame layout: frames start with `start` and have a fixed length; `parse` answers null for a
 * frame that fails its checks (checksum, constant bits, digits), which is then counted and skipped.
 */
export interface FrameLayout {
  start: number;
  length: number;
  parse(frame: Uint8Array): Omit<Reading, 'raw'> | null;
}

/** Counters of a decoder: frames read as weights, and frames (or starts of frames) refused. */
export interface DecoderCounts {
  accepted: number;
  rejected: number;
}

export const ASCII_0 = 0x30;

export function isDigit(b: number): boolean {
  return b >= 0x30 && b <= 0x39;
}

/** Reads ASCII digits (leading spaces allowed where `spaces`) as an integer, or null. */
export function readDigits(bytes: Uint8Array, from: number, to: number, spaces = false): number | null {
  let value = 0;
  let seenDigit = false;
  for (let i = from; i < to; i++) {
    const b = bytes[i];
    if (b === 0x20 && spaces && !seenDigit) continue;
    if (!isDigit(b)) return null;
    seenDigit = true;
    value = value * 10 + (b - ASCII_0);
  }
  return seenDigit ? value : null;
}

/** `value / 10^decimals` without the float noise of a division by a power of ten. */
export function scaled(value: number, decimals: number): number {
  return decimals === 0 ? value : Number(`${value}e-${decimals}`);
}
