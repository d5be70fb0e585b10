import os from 'node:os';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { LiveValue, ScaleProtocol } from '../../../src/schema/weigh';
import type { DB } from '../../db/schema';
import { MemoryHub, PostgresHub, RedisHub, SerialClient, type LiveHub } from './hub';
import { ScaleConnection, type ConnectionOptions, type ScaleConfig, type StationAlarm } from './scale-connection';

/** First key of the advisory locks that say which process reads which scale (the second is the scale's id). */
export const SCALE_LOCK_SPACE = 0x5747; // 'WG'
/** How often a process looks for scales without an owner (a dead owner's scales are taken over within this plus a connect). */
export const OWNERSHIP_POLL_MS = 2000;
/** Live values kept per scale: the evidence of a capture is the last 5 s; a little more is kept. */
const KEEP_MS = 12_000;

export interface StationOptions {
  db: Kysely<DB>;
  /** PostgreSQL server: scales are shared between processes by advisory locks on a connection of the station's own. */
  databaseUrl?: string;
  redisUrl?: string;
  owner?: string;
  pollMs?: number;
  connection?: Omit<ConnectionOptions, 'owner' | 'onAlarm'>;
}

/**
 * The weighing station of one API process: it reads the scales this process owns (all of them on
 * the embedded database; on PostgreSQL those whose advisory lock it holds), publishes their live
 * values, and keeps every scale's recent values — whoever reads them — for its browsers (SSE) and
 * for captures.
 */
export class WeighStation {
  readonly owner: string;
  private readonly hub: LiveHub;
  private readonly pgHub: PostgresHub | null = null;
  private readonly connections = new Map<number, ScaleConnection>();
  private readonly recentValues = new Map<number, LiveValue[]>();
  private readonly listeners = new Set<(value: LiveValue) => void>();
  /** The station's own connection (PostgreSQL): its scale locks, and LISTEN/NOTIFY when no Redis carries the live values. */
  private lockClient: SerialClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private stopped = false;
  /** When each scale last showed zero (±1 e): a capture checks the deck was empty since the previous one. */
  private readonly zeroAt = new Map<number, number>();

  constructor(private readonly options: StationOptions) {
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}`;
    if (options.redisUrl && options.databaseUrl) this.hub = new RedisHub(options.redisUrl);
    else if (options.databaseUrl) this.hub = this.pgHub = new PostgresHub();
    else this.hub = new MemoryHub();
    this.hub.onValue((v) => this.keep(v));
  }

  async start(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => void this.sync(), this.options.pollMs ?? OWNERSHIP_POLL_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.syncing;
    for (const c of this.connections.values()) c.stop();
    this.connections.clear();
    await this.hub.close();
    await this.lockClient?.client.end().catch(() => undefined);
    this.lockClient = null;
  }

  /** The scales this process reads now. */
  owned(): number[] {
    return [...this.connections.keys()];
  }

  latest(scaleId: number): LiveValue | undefined {
    return this.recentValues.get(scaleId)?.at(-1);
  }

  /** The values of the last `ms` of a scale (the raw frames of a capture's evidence). */
  recent(scaleId: number, ms: number): LiveValue[] {
    const values = this.recentValues.get(scaleId) ?? [];
    const last = values.at(-1);
    return last ? values.filter((v) => v.at >= last.at - ms) : [];
  }

  subscribe(listener: (value: LiveValue) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  lastZeroAt(scaleId: number): number | undefined {
    return this.zeroAt.get(scaleId);
  }

  /** Stores an alarm of a scale this process reads (the owner alone writes it). */
  private async storeAlarm(alarm: StationAlarm, orgId: number): Promise<void> {
    await this.options.db.insertInto('weighAlarm').values({
      orgId, scaleId: alarm.scaleId, kind: alarm.kind, message: alarm.message, trace: JSON.stringify(alarm.trace), createdAt: new Date(alarm.at),
    }).execute();
  }

  private keep(value: LiveValue): void {
    if (value.zero && !value.stale) this.zeroAt.set(value.scaleId, value.at);
    let values = this.recentValues.get(value.scaleId);
    if (!values) this.recentValues.set(value.scaleId, (values = []));
    values.push(value);
    const from = value.at - KEEP_MS;
    let drop = 0;
    while (drop < values.length && values[drop].at < from) drop++;
    if (drop) values.splice(0, drop);
    for (const l of this.listeners) l(value);
  }

  private sync(): Promise<void> {
    this.syncing ??= this.syncOnce().catch(() => { /* tried again at the next poll */ }).finally(() => { this.syncing = null; });
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    if (this.stopped) return;
    const scales = await this.enabledScales();
    const client = this.options.databaseUrl ? await this.ensureLockClient() : null;
    if (this.options.databaseUrl && !client) return;
    const wanted = new Map(scales.map((s) => [s.id, s]));
    for (const [id, c] of this.connections) {
      const next = wanted.get(id);
      if (next && JSON.stringify(next) === JSON.stringify(c.config)) continue;
      c.stop();
      this.connections.delete(id);
      if (!next && client) await client.query('select pg_advisory_unlock($1, $2)', [SCALE_LOCK_SPACE, id]);
    }
    for (const scale of scales) {
      if (this.connections.has(scale.id) || this.stopped) continue;
      if (client) {
        // a session lock: held until this process lets go or its connection ends (the process died)
        const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1, $2) as got', [SCALE_LOCK_SPACE, scale.id]);
        if (!rows[0].got) continue;
      }
      const onAlarm = (alarm: StationAlarm) => void this.storeAlarm(alarm, scale.orgId).catch(() => { /* the live value still shows it */ });
      const connection = new ScaleConnection(scale, { ...this.options.connection, owner: this.owner, onAlarm }, (v) => this.hub.publish(v));
      this.connections.set(scale.id, connection);
      connection.start();
    }
  }

  private async ensureLockClient(): Promise<SerialClient | null> {
    if (this.lockClient) return this.lockClient;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('error', () => {
      // The connection is gone and with it our locks: stop reading, another process takes over.
      if (this.lockClient?.client === client) this.lockClient = null;
      for (const c of this.connections.values()) c.stop();
      this.connections.clear();
    });
    await client.connect();
    const serial = new SerialClient(client);
    if (this.pgHub) await this.pgHub.attach(serial);
    this.lockClient = serial;
    return serial;
  }

  private async enabledScales(): Promise<ScaleConfig[]> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
    const rows = await (this.options.db as Kysely<any>).selectFrom('mm_scale')
      .select(['id', 'org_id as orgId', 'scale_code as scaleCode', 'scale_name as scaleName', 'station', 'protocol', 'connection', 'division',
        'max_capacity as maxCapacity', 'min_capacity as minCapacity', 'stable_band as stableBand', 'stable_window as stableWindow'])
      .where('deleted', '=', false).where('enabled', '=', true).orderBy('id').execute();
    const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      id: Number(r.id), orgId: Number(r.orgId), scaleCode: String(r.scaleCode), scaleName: String(r.scaleName), station: String(r.station ?? ''),
      protocol: r.protocol as ScaleProtocol, connection: String(r.connection), division: Number(r.division), maxCapacity: Number(r.maxCapacity),
      minCapacity: n(r.minCapacity), stableBand: n(r.stableBand), stableWindow: n(r.stableWindow),
    }));
  }
}
