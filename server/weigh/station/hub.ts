import { Redis } from 'ioredis';
import type pg from 'pg';
import type { LiveValue } from '../../../src/schema/weigh';

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

/** LISTEN/NOTIFY on the station's own connection (a payload is a few hundred bytes; the limit is 8000). */
export class PostgresHub implements LiveHub {
  private listeners: ((value: LiveValue) => void)[] = [];
  private client: pg.Client | null = null;

  /** Attaches to a (re)connected client of the station. */
  async attach(client: pg.Client): Promise<void> {
    this.client = client;
    client.on('notification', (msg) => {
      if (msg.channel !== LIVE_CHANNEL || !msg.payload) return;
      const value = JSON.parse(msg.payload) as LiveValue;
      for (const l of this.listeners) l(value);
    });
    await client.query(`listen ${LIVE_CHANNEL}`);
  }

  publish(value: LiveValue): void {
    this.client?.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(value)]).catch(() => { /* the station reconnects */ });
  }
  onValue(listener: (value: LiveValue) => void): void {
    this.listeners.push(listener);
  }
  async close(): Promise<void> {
    this.listeners = [];
    this.client = null;
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
