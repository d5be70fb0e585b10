import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScaleProtocol } from '../../src/schema/weigh';
import { createDecoder, encodeFrame } from './protocols';
import { parseTrace, ScaleSimulator, PHASE_MS } from './simulator';
import { StabilityDetector, type StabilityState, type TimedReading } from './stability';

const FIXTURES = path.resolve(__dirname, '../../tests/fixtures/weigh');

interface Replayed {
  reading: TimedReading;
  state: StabilityState;
}

/** Feeds a recorded trace through the decoder and the detector, as the connection does. */
function replay(file: string, protocol: ScaleProtocol, settings = { windowMs: 1000, band: 20 }): Replayed[] {
  const decoder = createDecoder(protocol);
  const detector = new StabilityDetector(settings);
  const out: Replayed[] = [];
  for (const read of parseTrace(fs.readFileSync(path.join(FIXTURES, file), 'utf8'))) {
    for (const r of decoder.push(read.bytes)) {
      const reading = { ...r, at: read.at };
      out.push({ reading, state: detector.push(reading) });
    }
  }
  expect(decoder.counts.rejected).toBe(0);
  return out;
}

function readings(weights: number[], stepMs = 100, motion: boolean | null = null): TimedReading[] {
  return weights.map((weight, i) => ({ weight, decimals: 0, motion, overload: null, net: null, raw: new Uint8Array(), at: i * stepMs }));
}

describe('stable-weight detection', () => {
  it('does not call a settling truck stable (30,600 → 30,150 kg) until the band has held for the window', () => {
    const d = new StabilityDetector({ windowMs: 1000, band: 10 });
    const settle = [30_600, 30_480, 30_310, 30_200, 30_120, 30_170, 30_140, 30_160, 30_150];
    const states = readings([...settle, ...Array(12).fill(30_150)]).map((r) => ({ r, s: d.push(r) }));
    // The last reading outside ±10 kg of the settled weight is 30,170 at 500 ms (30,140 and 30,160
    // are still inside a 20 kg band with 30,150): stable from 30,140's time + 1 s at the earliest.
    const firstStable = states.find((x) => x.s.stable)!;
    expect(firstStable.r.at).toBe(600 + 1000);
    expect(states.filter((x) => x.r.at < 1600).every((x) => !x.s.stable && x.s.reason === 'settling')).toBe(true);
    expect(firstStable.s.window).toMatchObject({ from: 600, to: 1600, min: 30_140, max: 30_160 });
  });

  it('needs the indicator motion flag clear, and no overload, on every reading of the window', () => {
    const d = new StabilityDetector({ windowMs: 1000, band: 10 });
    for (const r of readings(Array(15).fill(30_150), 100, true)) expect(d.push(r).reason).toBe('motion');
    const clear = readings(Array(11).fill(30_150), 100, false).map((r) => ({ ...r, at: r.at + 1500 }));
    const states = clear.map((r) => d.push(r));
    expect(states.at(-2)!.stable).toBe(false);
    expect(states.at(-1)!.stable).toBe(true);
    expect(d.push({ ...clear.at(-1)!, at: 2600, overload: true })).toMatchObject({ stable: false, reason: 'overload' });
  });

  it('is not stable on a single reading or with a gap shorter than the window', () => {
    const d = new StabilityDetector({ windowMs: 1000, band: 10 });
    expect(d.state()).toMatchObject({ stable: false, reason: 'no-data' });
    expect(d.push(readings([30_150])[0]).stable).toBe(false);
    expect(d.push({ ...readings([30_150])[0], at: 900 }).stable).toBe(false);
    expect(d.push({ ...readings([30_150])[0], at: 1000 }).stable).toBe(true);
  });

  it('replays a recorded Yaohua tF=0 truck: the overshoot is seen, and the first stable weight is the settled one', () => {
    const out = replay('truck-yaohua-tf0.trace', 'yaohua-tf0');
    const peak = Math.max(...out.map((x) => x.reading.weight));
    expect(peak).toBeGreaterThanOrEqual(30_560);
    const stable = out.filter((x) => x.state.stable && x.reading.weight > 0);
    expect(stable.length).toBeGreaterThan(50);
    expect(stable.every((x) => Math.abs(x.reading.weight - 30_150) <= 20)).toBe(true);
    // Nothing loaded is stable before the swing has died down and a whole window has passed.
    const arrival = 4000 + PHASE_MS.driveOn;
    expect(stable[0].reading.at).toBeGreaterThan(arrival + 1000);
    expect(out.filter((x) => x.reading.at >= arrival && x.reading.at < arrival + 1000).some((x) => x.state.stable)).toBe(false);
  });

  it('replays a recorded Toledo truck: the indicator motion flag holds off stability while driving', () => {
    const out = replay('truck-toledo.trace', 'toledo', { windowMs: 1000, band: 10 });
    expect(out.some((x) => x.reading.motion)).toBe(true);
    const stable = out.filter((x) => x.state.stable && x.reading.weight > 0);
    expect(stable.length).toBeGreaterThan(50);
    expect(stable.every((x) => Math.abs(x.reading.weight - 42_380) <= 10 && x.reading.motion === false)).toBe(true);
  });

  it('replays a recorded cheating truck: the jump while standing breaks stability, then the new weight is stable', () => {
    const out = replay('cheat-yaohua-reversed.trace', 'yaohua-reversed');
    const standing = out.filter((x) => x.reading.at >= 10_000 && x.reading.at < 18_000);
    const before = standing.filter((x) => x.reading.at < 14_000 && x.state.stable);
    const after = standing.filter((x) => x.reading.at >= 14_000);
    expect(before.length).toBeGreaterThan(10);
    expect(before.every((x) => Math.abs(x.reading.weight - 36_900) <= 20)).toBe(true);
    expect(after.some((x) => !x.state.stable)).toBe(true);
    expect(after.at(-1)!.state.stable).toBe(true);
    expect(Math.abs(after.at(-1)!.reading.weight - 37_500)).toBeLessThanOrEqual(20);
  });
});

describe('the simulator', () => {
  it('sends real protocol bytes whose decoded weights follow a truck cycle', () => {
    const sim = new ScaleSimulator({ protocol: 'yaohua-ww', division: 20, loads: [30_150, 14_220], seed: 9 });
    const decoder = createDecoder('yaohua-ww');
    const weights: number[] = [];
    for (const f of sim.frames(0, sim.cycleMs * 2)) weights.push(...decoder.push(f.bytes).map((r) => r.weight));
    expect(weights.length).toBe((sim.cycleMs * 2) / 100);
    expect(weights.every((w) => w % 20 === 0)).toBe(true);
    expect(weights[0]).toBeLessThanOrEqual(20);
    expect(weights[sim.standingFrom(0) / 100 + 10]).toBeCloseTo(30_150, -2);
    expect(weights[sim.standingFrom(1) / 100 + 10]).toBeCloseTo(14_220, -2);
    expect(decoder.counts.rejected).toBe(0);
  });

  it('makes only the chosen trucks cheat', () => {
    const sim = new ScaleSimulator({ protocol: 'toledo', division: 20, cheatEvery: 3, cheatKg: 400 });
    const late = (n: number) => sim.pointAt(sim.standingFrom(n) + sim.standMs - 500).weight - sim.pointAt(sim.standingFrom(n) + 500).weight;
    expect([0, 1, 2, 3, 4, 5].map((n) => sim.isCheating(n))).toEqual([false, false, true, false, false, true]);
    expect(Math.abs(late(0))).toBeLessThanOrEqual(40);
    expect(late(2)).toBeGreaterThanOrEqual(360);
    expect(encodeFrame('toledo', 0)).toHaveLength(18);
  });
});
