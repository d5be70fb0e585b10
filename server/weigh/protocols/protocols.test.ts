import { describe, expect, it } from 'vitest';
import { SCALE_PROTOCOLS, type ScaleProtocol } from '../../../src/schema/weigh';
import { createDecoder, encodeFrame } from './index';

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => new TextEncoder().encode(s);

/** mulberry32, seeded so that a failure can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Yaohua XK3190 tF=0', () => {
  // The manual's example: +20.00 → 02 '+' "002000" '2' XOR 0x1B as '1' 'B' 03.
  const plus20 = bytes(0x02, 0x2b, 0x30, 0x30, 0x32, 0x30, 0x30, 0x30, 0x32, 0x31, 0x42, 0x03);

  it('reads the manual frame, sign and decimal places included', () => {
    const d = createDecoder('yaohua-tf0');
    const [r] = d.push(plus20);
    expect(r).toMatchObject({ weight: 20, decimals: 2, motion: null });
    expect(Array.from(r.raw)).toEqual(Array.from(plus20));
    // -30150 kg, no decimals: XOR of "-030150" "0" is 0x1A → '1' 'A'.
    expect(d.push(bytes(0x02, 0x2d, 0x30, 0x33, 0x30, 0x31, 0x35, 0x30, 0x30, 0x31, 0x41, 0x03))[0]).toMatchObject({ weight: -30150, decimals: 0 });
    expect(d.counts).toEqual({ accepted: 2, rejected: 0 });
  });

  it('refuses a frame whose XOR does not match, and one with a bad decimal digit', () => {
    const d = createDecoder('yaohua-tf0');
    const wrongDigit = plus20.slice();
    wrongDigit[4] = 0x33; // 003000 under the checksum of 002000
    const badDecimals = encodeFrame('yaohua-tf0', 20);
    badDecimals[8] = 0x35; // 5 places: out of 0–4 (checksum recomputed would still be refused)
    expect(d.push(wrongDigit)).toEqual([]);
    expect(d.push(badDecimals)).toEqual([]);
    expect(d.counts.accepted).toBe(0);
    expect(d.counts.rejected).toBeGreaterThanOrEqual(2);
  });
});

describe('Yaohua "=" reversed format', () => {
  it('reads the manual examples, low character first', () => {
    const d = createDecoder('yaohua-reversed');
    expect(d.push(ascii('=000.3000=000.3000'))).toMatchObject([{ weight: 3, decimals: 3 }, { weight: 3, decimals: 3 }]);
    expect(d.push(ascii('=00.1000-'))).toMatchObject([{ weight: -1, decimals: 2 }]);
    expect(d.push(ascii('=05103000'))).toMatchObject([{ weight: 30150, decimals: 0 }]);
  });

  it('refuses a frame cut by the next one and a misplaced sign', () => {
    const d = createDecoder('yaohua-reversed');
    // "=0510" then a whole frame: the cut frame is counted and skipped, the whole one read.
    expect(d.push(ascii('=0510=05103000'))).toMatchObject([{ weight: 30150 }]);
    expect(d.push(ascii('=051-3000'))).toEqual([]);
    expect(d.counts).toEqual({ accepted: 1, rejected: 2 });
  });
});

describe('Yaohua A12/A27 ww format', () => {
  it('reads gross and net frames', () => {
    const d = createDecoder('yaohua-ww');
    expect(d.push(ascii('ww000.000kg\r\nww030.150kg\r\n'))).toMatchObject([{ weight: 0, decimals: 3 }, { weight: 30.15, decimals: 3, net: false }]);
    expect(d.push(ascii('wn-0000.1kg'))).toMatchObject([{ weight: -0.1, decimals: 1, net: true }]);
    expect(d.push(ascii('ww0030150kg'))).toMatchObject([{ weight: 30150, decimals: 0 }]);
  });

  it('refuses the stored-tare frame, another unit and a broken number', () => {
    const d = createDecoder('yaohua-ww');
    expect(d.push(ascii('wt000.000kg'))).toEqual([]);
    expect(d.push(ascii('ww000.000lb'))).toEqual([]);
    expect(d.push(ascii('ww00.0.000kg'))).toEqual([]);
    expect(d.counts.accepted).toBe(0);
  });
});

describe('Mettler-Toledo continuous output', () => {
  // STX, SWA 0x2A (no decimals, ×1), SWB 0x30 (kg, gross, positive, still), SWC 0x20,
  // "030150", tare "000000", CR; 7-bit sum 0x52 → checksum 0x2E.
  const still = bytes(0x02, 0x2a, 0x30, 0x20, ...ascii('030150000000'), 0x0d, 0x2e);

  it('reads weight, motion, overload, net and sign bits, leading spaces and parity bits', () => {
    const d = createDecoder('toledo');
    expect(d.push(still)).toMatchObject([{ weight: 30150, decimals: 0, motion: false, overload: false, net: false }]);
    // SWB 0x38: motion; checksum 0x26.
    const moving = still.slice();
    moving[2] = 0x38;
    moving[17] = 0x26;
    expect(d.push(moving)).toMatchObject([{ weight: 30150, motion: true }]);
    // SWB 0x36: negative and overload.
    const over = still.slice();
    over[2] = 0x36;
    over[17] = 0x28;
    expect(d.push(over)).toMatchObject([{ weight: -30150, overload: true }]);
    // Leading zeros as spaces and even parity on the STX and SWA bytes.
    const spaced = bytes(0x02, 0x2a, 0x30, 0x20, ...ascii(' 30150     0'), 0x0d, 0);
    let sum = 0;
    for (let i = 0; i < 17; i++) sum += spaced[i];
    spaced[17] = (0x80 - (sum & 0x7f)) & 0x7f;
    spaced[1] |= 0x80;
    expect(d.push(spaced)).toMatchObject([{ weight: 30150 }]);
    expect(d.counts).toEqual({ accepted: 4, rejected: 0 });
  });

  it('reads the decimal position of status word A', () => {
    const d = createDecoder('toledo');
    expect(d.push(encodeFrame('toledo', 30.15, { decimals: 2 }))).toMatchObject([{ weight: 30.15, decimals: 2 }]);
  });

  it('refuses a bad checksum, a broken constant bit and a weight in pounds', () => {
    const d = createDecoder('toledo');
    const badSum = still.slice();
    badSum[17] = 0x2f;
    const badBit = still.slice();
    badBit[1] = 0x0a; // SWA bit 5 clear
    badBit[17] = 0x4e;
    const pounds = still.slice();
    pounds[2] = 0x20;
    pounds[17] = 0x3e;
    for (const f of [badSum, badBit, pounds]) expect(d.push(f)).toEqual([]);
    expect(d.counts.accepted).toBe(0);
  });
});

describe.each(SCALE_PROTOCOLS.map((p) => p.value))('%s stream', (protocol: ScaleProtocol) => {
  it('reads frames cut anywhere by the reads, and its own encoding of every weight', () => {
    const weights = [0, 20, 14_220, 30_150, 42_380, -40];
    const stream = Uint8Array.from(weights.flatMap((w) => [...encodeFrame(protocol, w)]));
    const d = createDecoder(protocol);
    const read: number[] = [];
    const rnd = seeded(3);
    for (let i = 0; i < stream.length; ) {
      const n = 1 + Math.floor(rnd() * 7);
      read.push(...d.push(stream.subarray(i, i + n)).map((r) => r.weight));
      i += n;
    }
    expect(read).toEqual(weights);
    expect(d.counts).toEqual({ accepted: weights.length, rejected: 0 });
  });

  it('loses only the cut frame when a frame is cut short', () => {
    const whole = encodeFrame(protocol, 30_150);
    const d = createDecoder(protocol);
    const out = d.push(Uint8Array.from([...whole.subarray(0, 5), ...whole, ...whole]));
    expect(out.map((r) => r.weight)).toEqual([30_150, 30_150]);
    expect(d.counts.rejected).toBeGreaterThanOrEqual(1);
  });

  it('accepts no frame out of 1,000,000 random bytes', () => {
    const rnd = seeded(20261124 + protocol.length);
    const d = createDecoder(protocol);
    const chunk = new Uint8Array(4096);
    let accepted = 0;
    for (let sent = 0; sent < 1_000_000; sent += chunk.length) {
      for (let i = 0; i < chunk.length; i++) chunk[i] = Math.floor(rnd() * 256);
      accepted += d.push(chunk.subarray(0, Math.min(chunk.length, 1_000_000 - sent))).length;
    }
    expect(accepted).toBe(0);
    expect(d.counts.accepted).toBe(0);
    // The random bytes did contain starts of frames, and each was counted and skipped.
    expect(d.counts.rejected).toBeGreaterThan(1000);
  });
});
