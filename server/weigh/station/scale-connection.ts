import net from 'node:net';
import { LIVE_PROBLEM_TEXT, parseScaleLink, scaleSettings, type LiveValue, type ScaleProtocol, type ScaleSettings } from '../../../src/schema/weigh';
import { createDecoder, type StreamDecoder } from '../protocols';
import { ScaleSimulator } from '../simulator';
import { StabilityDetector, type TimedReading } from '../stability';

/** What the station knows of a scale row (the 称重设备 table). */
export interface ScaleConfig {
  id: number;
  orgId: number;
  scaleCode: string;
  scaleName: string;
  station: string;
  protocol: ScaleProtocol;
  connection: string;
  division: number;
  maxCapacity: number;
  minCapacity: number | null;
  stableBand: number | null;
  stableWindow: number | null;
}

export interface ConnectionOptions {
  /** No frame for this long: the weight shows — and the station raises an alarm. */
  staleMs?: number;
  /** Wait before reconnecting a lost TCP connection (the brief: within 5 s). */
  reconnectMs?: number;
  /** The simulator's settings when the connection is `simulator`. */
  simulator?: { cheatEvery?: number; standMs?: number; gapMs?: number; rateHz?: number };
  owner: string;
  now?: () => number;
  /** A truck's weight settled again elsewhere without the truck leaving (anti-cheating), with the last 10 s of raw frames. */
  onAlarm?: (alarm: StationAlarm) => void;
}

export interface StationAlarm {
  scaleId: number;
  kind: 'MOVING_WHILE_STANDING';
  message: string;
  at: number;
  trace: { at: number; weight: number; raw: string }[];
}

/** A standing truck whose stable weight moves by more than this many divisions raises an alarm. */
export const STANDING_SHIFT_DIVISIONS = 10;
const TRACE_MS = 10_000;

export const STALE_MS = 2000;
export const RECONNECT_MS = 1000;
const CONNECT_TIMEOUT_MS = 3000;

/**
 * One indicator's connection, owned by one process: bytes from a serial device server over TCP
 * (or from the built-in simulator) go through the protocol's decoder and the stability detector,
 * and every frame becomes a live value. A lost connection is tried again after `reconnectMs`; no
 * frame for `staleMs` makes the value stale (weight null, an alarm) until frames come back.
 */
export class ScaleConnection {
  private decoder: StreamDecoder;
  private detector: StabilityDetector;
  private socket: net.Socket | null = null;
  private timers = new Set<NodeJS.Timeout>();
  private lastFrameAt = 0;
  private seq = 0;
  private closed = false;
  private connectionAlarm: string | null = null;
  /** The weight the standing truck first settled at (null: nothing above Min on the deck). */
  private standing: number | null = null;
  private standingAlarm: { text: string; until: number } | null = null;
  private trace: { at: number; weight: number; raw: string }[] = [];
  private readonly settings: ScaleSettings;
  readonly startedAt: number;
  private readonly now: () => number;

  constructor(readonly config: ScaleConfig, private readonly options: ConnectionOptions, private readonly emit: (value: LiveValue) => void) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.decoder = createDecoder(config.protocol);
    const s = scaleSettings(config as unknown as Record<string, unknown>);
    this.settings = s;
    this.detector = new StabilityDetector({ windowMs: s.stableWindow * 1000, band: s.stableBand });
  }

  get counts() {
    return this.decoder.counts;
  }

  start(): void {
    const link = parseScaleLink(this.config.connection);
    if (!link) {
      this.connectionAlarm = '连接地址无效';
    } else if (link.kind === 'simulator') {
      this.startSimulator();
    } else {
      this.connect(link.host, link.port);
    }
    this.every(250, () => this.checkStale());
  }

  stop(): void {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers.clear();
    this.socket?.destroy();
    this.socket = null;
  }

  /** Bytes as they arrived from the indicator (a TCP read, a simulator frame). */
  receive(bytes: Uint8Array): void {
    const at = this.now();
    for (const r of this.decoder.push(bytes)) this.onReading({ ...r, at });
  }

  private every(ms: number, fn: () => void): void {
    this.timers.add(setInterval(fn, ms));
  }

  private once(ms: number, fn: () => void): void {
    const t = setTimeout(() => { this.timers.delete(t); fn(); }, ms);
    this.timers.add(t);
  }

  private startSimulator(): void {
    const o = this.options.simulator ?? {};
    // Truck loads fit the scale: between a third and four fifths of Max.
    const max = this.config.maxCapacity;
    const e = this.config.division;
    const loads = [0.45, 0.2, 0.62, 0.22, 0.78, 0.19].map((f) => Math.round((f * max) / e) * e);
    const sim = new ScaleSimulator({
      protocol: this.config.protocol, division: e, seed: this.config.id, loads, cheatEvery: o.cheatEvery,
      standMs: o.standMs ?? 25_000, gapMs: o.gapMs ?? 6000, rateHz: o.rateHz ?? 10,
    });
    this.every(1000 / sim.rateHz, () => this.receive(sim.frameAt(this.now() - this.startedAt)));
  }

  private connect(host: string, port: number): void {
    if (this.closed) return;
    const socket = net.connect({ host, port });
    this.socket = socket;
    socket.setNoDelay(true);
    const timeout = setTimeout(() => socket.destroy(new Error('connect timeout')), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timeout);
      this.connectionAlarm = null;
      this.decoder.reset();
    });
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => { /* followed by close */ });
    socket.once('close', () => {
      clearTimeout(timeout);
      if (this.socket === socket) this.socket = null;
      if (this.closed) return;
      this.connectionAlarm = `仪表连接中断（${host}:${port}），正在重连`;
      this.once(this.options.reconnectMs ?? RECONNECT_MS, () => this.connect(host, port));
    });
  }

  private onReading(reading: TimedReading): void {
    this.lastFrameAt = reading.at;
    const state = this.detector.push(reading);
    const e = this.config.division;
    const raw = Buffer.from(reading.raw).toString('hex');
    this.trace.push({ at: reading.at, weight: reading.weight, raw });
    while (this.trace.length && this.trace[0].at < reading.at - TRACE_MS) this.trace.shift();
    this.watchStanding(reading.weight, state.stable, reading.at);
    const alarm = this.connectionAlarm ?? (this.standingAlarm && this.standingAlarm.until > reading.at ? this.standingAlarm.text : null);
    this.emit({
      scaleId: this.config.id, seq: ++this.seq, at: reading.at, weight: reading.weight, decimals: reading.decimals,
      stable: state.stable, motion: reading.motion === true || state.reason === 'motion', overload: reading.overload === true,
      zero: Math.abs(reading.weight) <= e, stale: false, problem: state.reason, window: state.window,
      raw, alarm, owner: this.options.owner,
    });
  }

  /**
   * Anti-cheating while a truck stands: once it has settled above Min, settling again at a weight
   * more than 10 e away — without the deck going below Min (the truck leaving) — means the load
   * changed on the scale (someone stepped on, a wheel left the deck, …).
   */
  private watchStanding(weight: number, stable: boolean, at: number): void {
    if (weight < this.settings.minCapacity) {
      this.standing = null;
      return;
    }
    if (!stable) return;
    if (this.standing === null) {
      this.standing = weight;
      return;
    }
    const shift = weight - this.standing;
    if (Math.abs(shift) <= STANDING_SHIFT_DIVISIONS * this.config.division) return;
    const message = `${this.config.scaleName}：车辆站立期间重量由 ${this.standing} kg 变为 ${weight} kg（${shift > 0 ? '+' : ''}${shift} kg）`;
    this.standing = weight;
    this.standingAlarm = { text: message, until: at + 30_000 };
    this.options.onAlarm?.({ scaleId: this.config.id, kind: 'MOVING_WHILE_STANDING', message, at, trace: [...this.trace] });
  }

  private checkStale(): void {
    const now = this.now();
    const since = this.lastFrameAt || this.startedAt;
    if (now - since < (this.options.staleMs ?? STALE_MS)) return;
    this.detector.reset();
    const problem = this.lastFrameAt ? 'stale' : 'no-data';
    this.emit({
      scaleId: this.config.id, seq: ++this.seq, at: now, weight: null, decimals: 0, stable: false, motion: false, overload: false, zero: false,
      stale: true, problem, window: null, raw: '', alarm: this.connectionAlarm ?? LIVE_PROBLEM_TEXT[problem], owner: this.options.owner,
    });
  }
}
