import { Redis } from 'ioredis';
import type pg from 'pg';
import type { LiveValue } from '../../../src/schema/weigh';
import { inTurn } from '../../db/in-turn';

/**
 * How live values reach every API process: the owner of a scale publishes, every process (the
 * owner too) hears and keeps them for its browsers and its captures. One process (the embedded
 * database): in memory. Several over PostgreSQL: LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set.
 */
export interface LiveHub {
  publish(value: LiveValue): void;
  onValue(listener: (value: LiveValue) => void): void;
  close(): Promise<void>;
}

export const LIVE_CHANNEL = 'weigh_live';

export class MemoryHub implements LiveHub {
  private listeners: ((value: LiveValue) => void)[] = [];
  publish(value: LiveValue): void {
    for (const l of this.listeners) l(value);
  }
  onValue(listener: (value: LiveValue) => void): void {
    this.listeners.push(listener);
  }
  async close(): Promise<void> {
    this.listeners = [];
  }
}

/**
 * The station's own PostgreSQL connection, one statement at a time: its scale locks and the live
 * values' LISTEN/NOTIFY share it. A statement sent while another runs on a pg client is queued by pg
 * with a DeprecationWarning (pg@9 refuses it); here each one waits for the one before instead.
 */
export class SerialClient {
  private readonly turns = inTurn();
  constructor(readonly client: pg.Client) {}

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.turns(() => this.client.query<R>(text, values));
  }
}

/** Live values a NOTIFY carries at most at once (each payload a few hundred bytes; the limit is 8000 each). */
const NOTIFY_BATCH = 200;
/** Live values kept while the connection is slow or gone (the oldest are dropped beyond): about 20 s of 10 scales at 5 Hz. */
const MAX_PENDING = 1000;

/**
 * LISTEN/NOTIFY on the station's own connection. The scales publish their values as they come (each
 * several times a second); those that come while a NOTIFY is on its way go together in the next one
 * statement, in their order, so the connection runs one statement at a time however many scales there are.
 */
export class PostgresHub implements LiveHub {
  private listeners: ((value: LiveValue) => void)[] = [];
  private connection: SerialClient | null = null;
  private pending: string[] = [];
  private sending = false;

  /** Attaches to a (re)connected client of the station. */
  async attach(connection: SerialClient): Promise<void> {
    this.connection = connection;
    connection.client.on('notification', (msg) => {
      if (msg.channel !== LIVE_CHANNEL || !msg.payload) return;
      const value = JSON.parse(msg.payload) as LiveValue;
      for (const l of this.listeners) l(value);
    });
    await connection.query(`listen ${LIVE_CHANNEL}`);
  }

  publish(value: LiveValue): void {
    if (!this.connection) return;
    this.pending.push(JSON.stringify(value));
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
    void this.send();
  }

  private async send(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.pending.length && this.connection) {
        const payloads = this.pending.splice(0, NOTIFY_BATCH);
        // one statement, the notifications in the array's order
        await this.connection.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [LIVE_CHANNEL, payloads])
          .catch(() => { /* the station reconnects */ });
      }
    } finally {
      this.sending = false;
    }
  }

  onValue(listener: (value: LiveValue) => void): void {
    this.listeners.push(listener);
  }
  async close(): Promise<void> {
    this.listeners = [];
    this.connection = null;
    this.pending = [];
  }
}

export class RedisHub implements LiveHub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private listeners: ((value: LiveValue) => void)[] = [];

  constructor(url: string) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
    this.sub = new Redis(url, { lazyConnect: false });
    this.pub.on('error', () => { /* reconnects by itself */ });
    this.sub.on('error', () => { /* reconnects by itself */ });
    void this.sub.subscribe(LIVE_CHANNEL);
    this.sub.on('message', (channel: string, payload: string) => {
      if (channel !== LIVE_CHANNEL) return;
      const value = JSON.parse(payload) as LiveValue;
      for (const l of this.listeners) l(value);
    });
  }

  publish(value: LiveValue): void {
    this.pub.publish(LIVE_CHANNEL, JSON.stringify(value)).catch(() => { /* reconnects by itself */ });
  }
  onValue(listener: (value: LiveValue) => void): void {
    this.listeners.push(listener);
  }
  async close(): Promise<void> {
    this.listeners = [];
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
