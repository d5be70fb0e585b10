import type { Reading } from './protocols';

export interface StabilitySettings {
  /** How long the readings must hold still, ms (the scale's 稳定时间, default 1000). */
  windowMs: number;
  /** Half-width of the band, kg (the scale's 稳定范围, default 1 e): all readings within ±band of the window's midpoint. */
  band: number;
}

export interface TimedReading extends Reading {
  /** When the frame was received (ms since the epoch, or a trace's own clock). */
  at: number;
}

export interface StabilityWindow {
  from: number;
  to: number;
  min: number;
  max: number;
  count: number;
}

export type Instability = 'no-data' | 'motion' | 'overload' | 'settling';

export interface StabilityState {
  stable: boolean;
  /** Why not stable (null when stable). */
  reason: Instability | null;
  /** The readings the judgement looked at: the stable window when stable. */
  window: StabilityWindow | null;
}

/**
 * Stable-weight detection: the newest reading is stable when every reading of the last `windowMs`
 * lies within ±band of their midpoint (max − min ≤ 2·band), none of them carries the indicator's
 * motion or overload flag, and the readings really cover the window (a reading at least
 * `windowMs` older than the newest is part of the run). A settling truck — overshoot, then a
 * damped swing — is therefore stable only once its swing has stayed inside the band for a whole
 * window.
 */
export class StabilityDetector {
  private readings: TimedReading[] = [];

  constructor(private settings: StabilitySettings) {}

  configure(settings: StabilitySettings): void {
    this.settings = settings;
  }

  push(reading: TimedReading): StabilityState {
    this.readings.push(reading);
    // Keep a little more than one window: the reading just before the window shows it is covered.
    const keepFrom = reading.at - this.settings.windowMs * 2;
    let drop = 0;
    while (drop < this.readings.length - 1 && this.readings[drop].at < keepFrom) drop++;
    if (drop) this.readings.splice(0, drop);
    return this.state();
  }

  /** The readings of the last `ms` (the evidence of a capture). */
  recent(ms: number): TimedReading[] {
    const last = this.readings.at(-1);
    return last ? this.readings.filter((r) => r.at >= last.at - ms) : [];
  }

  reset(): void {
    this.readings = [];
  }

  state(): StabilityState {
    const rs = this.readings;
    const last = rs.at(-1);
    if (!last) return { stable: false, reason: 'no-data', window: null };
    if (last.overload) return { stable: false, reason: 'overload', window: null };
    if (last.motion) return { stable: false, reason: 'motion', window: null };
    const windowStart = last.at - this.settings.windowMs;
    let min = last.weight;
    let max = last.weight;
    let count = 0;
    for (let i = rs.length - 1; i >= 0; i--) {
      const r = rs[i];
      if (r.overload) return { stable: false, reason: 'overload', window: { from: r.at, to: last.at, min, max, count } };
      if (r.motion) return { stable: false, reason: 'motion', window: { from: r.at, to: last.at, min, max, count } };
      min = Math.min(min, r.weight);
      max = Math.max(max, r.weight);
      count++;
      if (max - min > 2 * this.settings.band) return { stable: false, reason: 'settling', window: { from: r.at, to: last.at, min, max, count } };
      if (r.at <= windowStart) return { stable: true, reason: null, window: { from: r.at, to: last.at, min, max, count } };
    }
    return { stable: false, reason: 'settling', window: { from: rs[0].at, to: last.at, min, max, count } };
  }
}
