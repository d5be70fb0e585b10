import type { ScaleProtocol } from '../../src/schema/weigh';
import { encodeFrame } from './protocols';

/**
 * A simulated truck scale: trucks drive on (front axle, then the whole truck), settle with a
 * damped overshoot and indicator noise, stand, drive off, and the deck stays empty until the next
 * one. The weight is a pure function of time, so a test can ask for any moment and a trace is
 * reproducible from the seed. What leaves the simulator is the protocol's real bytes: whoever reads
 * it goes through the same decoder as for a real indicator.
 */
export interface SimulatorOptions {
  protocol: ScaleProtocol;
  /** Division e, kg: the displayed weight is a multiple of it. */
  division: number;
  seed?: number;
  /** Frames per second (indicators send 10–50; default 10). */
  rateHz?: number;
  /** Weights of the trucks in turn, kg (cycled). */
  loads?: number[];
  /** Every n-th truck (1-based) cheats: its weight jumps while it stands. 0 or absent: none. */
  cheatEvery?: number;
  /** The jump of a cheating truck, kg (default 30 e). */
  cheatKg?: number;
  /** Overshoot on arrival, kg (default 450: 30,150 kg shows 30,600 first). */
  overshootKg?: number;
  gapMs?: number;
  standMs?: number;
}

export const PHASE_MS = { driveOn: 3000, settle: 3000, driveOff: 2500 } as const;

export interface SimulatedPoint {
  /** Displayed weight (noise added, rounded to e). */
  weight: number;
  /** The indicator's own motion judgement. */
  motion: boolean;
  phase: 'empty' | 'driving-on' | 'settling' | 'standing' | 'driving-off';
  truck: number;
  cheating: boolean;
}

const DEFAULT_LOADS = [30_150, 14_220, 42_380, 15_640, 36_900, 13_980];

/** mulberry32: a small seeded generator, enough for noise. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class ScaleSimulator {
  readonly rateHz: number;
  readonly gapMs: number;
  readonly standMs: number;
  readonly cycleMs: number;
  private readonly loads: number[];
  private readonly seed: number;

  constructor(readonly options: SimulatorOptions) {
    this.rateHz = options.rateHz ?? 10;
    this.gapMs = options.gapMs ?? 4000;
    this.standMs = options.standMs ?? 8000;
    this.loads = options.loads?.length ? options.loads : DEFAULT_LOADS;
    this.seed = options.seed ?? 1;
    this.cycleMs = this.gapMs + PHASE_MS.driveOn + PHASE_MS.settle + this.standMs + PHASE_MS.driveOff;
  }

  /** When truck `n` (0-based) starts to stand still, ms from the simulator's start. */
  standingFrom(n: number): number {
    return n * this.cycleMs + this.gapMs + PHASE_MS.driveOn + PHASE_MS.settle;
  }

  isCheating(truck: number): boolean {
    const every = this.options.cheatEvery ?? 0;
    return every > 0 && (truck + 1) % every === 0;
  }

  /** The true load on the deck at `t` ms (no noise, no rounding). */
  trueWeight(t: number): Omit<SimulatedPoint, 'weight' | 'motion'> & { load: number } {
    const truck = Math.max(0, Math.floor(t / this.cycleMs));
    const load = this.loads[truck % this.loads.length];
    const cheating = this.isCheating(truck);
    let p = t - truck * this.cycleMs;
    if (p < this.gapMs) return { load: 0, phase: 'empty', truck, cheating };
    p -= this.gapMs;
    if (p < PHASE_MS.driveOn) {
      // The front axle (a third of the load) rolls on, then the rest.
      const front = Math.min(1, p / 1000) * load * 0.35;
      const rest = p > 1500 ? Math.min(1, (p - 1500) / 1500) * load * 0.65 : 0;
      return { load: front + rest, phase: 'driving-on', truck, cheating };
    }
    p -= PHASE_MS.driveOn;
    if (p < PHASE_MS.settle) {
      const overshoot = this.options.overshootKg ?? 450;
      const swing = overshoot * Math.exp(-p / 650) * Math.cos((2 * Math.PI * p) / 1100);
      return { load: load + swing, phase: 'settling', truck, cheating };
    }
    p -= PHASE_MS.settle;
    if (p < this.standMs) {
      const jump = cheating && p >= this.standMs / 2 ? (this.options.cheatKg ?? 30 * this.options.division) : 0;
      return { load: load + jump, phase: 'standing', truck, cheating };
    }
    p -= this.standMs;
    return { load: load * Math.max(0, 1 - p / PHASE_MS.driveOff), phase: 'driving-off', truck, cheating };
  }

  /** What the indicator shows at `t`: noise of about ±0.3 e, rounded to e, and its motion flag. */
  pointAt(t: number): SimulatedPoint {
    const now = this.trueWeight(t);
    const before = this.trueWeight(t - 400);
    const e = this.options.division;
    const rnd = random(this.seed ^ Math.imul(Math.floor(t), 0x9e3779b1));
    const noise = (rnd() + rnd() + rnd() - 1.5) * 0.35 * e;
    const weight = Math.round((now.load + noise) / e) * e;
    return { weight, motion: Math.abs(now.load - before.load) > e, phase: now.phase, truck: now.truck, cheating: now.cheating };
  }

  /** The frame sent at `t`. */
  frameAt(t: number): Uint8Array {
    const point = this.pointAt(t);
    return encodeFrame(this.options.protocol, point.weight, { motion: point.motion });
  }

  /** The frames sent from `from` to `to` ms at the simulator's rate. */
  *frames(from: number, to: number): Generator<{ at: number; bytes: Uint8Array }> {
    const step = 1000 / this.rateHz;
    for (let at = Math.ceil(from / step) * step; at < to; at += step) yield { at, bytes: this.frameAt(at) };
  }
}

/**
 * A recorded trace: one line per read, `<ms> <hex bytes>`, as a serial device server delivered
 * them (reads may cut frames anywhere). Lines starting with # are comments.
 */
export function formatTrace(reads: { at: number; bytes: Uint8Array }[]): string {
  return reads.map((r) => `${Math.round(r.at)} ${Buffer.from(r.bytes).toString('hex')}`).join('\n') + '\n';
}

export function parseTrace(text: string): { at: number; bytes: Uint8Array }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [at, hex] = line.split(/\s+/);
      return { at: Number(at), bytes: new Uint8Array(Buffer.from(hex ?? '', 'hex')) };
    });
}
