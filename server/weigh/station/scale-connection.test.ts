import { afterEach, describe, expect, it } from 'vitest';
import type { LiveValue } from '../../../src/schema/weigh';
import { deviceServer } from '../../../tests/server/support/device-server';
import { encodeFrame } from '../protocols';
import { ScaleConnection, type ScaleConfig } from './scale-connection';

const PORT = 8152;
const config = (connection: string): ScaleConfig => ({
  id: 1, orgId: 1, scaleCode: 'T1', scaleName: '1号汽车衡', station: '1号磅房', protocol: 'yaohua-tf0', connection,
  division: 20, maxCapacity: 100_000, minCapacity: null, stableBand: null, stableWindow: 1,
});

function waitFor(values: LiveValue[], test: (v: LiveValue) => boolean, ms: number): Promise<LiveValue> {
  return new Promise((resolve, reject) => {
    const from = values.length;
    const started = Date.now();
    const timer = setInterval(() => {
      const hit = values.slice(from).find(test);
      if (hit) { clearInterval(timer); resolve(hit); } else if (Date.now() - started > ms) { clearInterval(timer); reject(new Error('timed out')); }
    }, 20);
  });
}

describe('a scale connection over TCP (serial device server)', () => {
  let connection: ScaleConnection | undefined;
  let device: ReturnType<typeof deviceServer> | undefined;
  afterEach(async () => {
    connection?.stop();
    await device?.close();
  });

  it('reads the indicator, goes stale with an alarm after 2 s without frames, and comes back', async () => {
    device = deviceServer(PORT);
    device.show(30_140);
    await device.listen();
    const values: LiveValue[] = [];
    connection = new ScaleConnection(config(`127.0.0.1:${PORT}`), { owner: 'test' }, (v) => values.push(v));
    connection.start();
    const first = await waitFor(values, (v) => v.weight === 30_140, 3000);
    expect(first).toMatchObject({ stale: false, alarm: null, zero: false, raw: Buffer.from(encodeFrame('yaohua-tf0', 30_140)).toString('hex') });
    await waitFor(values, (v) => v.stable, 2000);

    device.pause();
    const paused = Date.now();
    const stale = await waitFor(values, (v) => v.stale, 4000);
    expect(Date.now() - paused).toBeGreaterThanOrEqual(1900);
    expect(stale).toMatchObject({ weight: null, stable: false, problem: 'stale', alarm: '仪表数据中断（超过 2 秒无数据）' });

    device.resume();
    const back = await waitFor(values, (v) => !v.stale, 2000);
    // the detector starts over: the first frame back is not stable
    expect(back).toMatchObject({ weight: 30_140, stable: false });
  });

  it('reconnects within 5 s after the device server drops the connection', async () => {
    device = deviceServer(PORT);
    device.show(14_220);
    await device.listen();
    const values: LiveValue[] = [];
    connection = new ScaleConnection(config(`127.0.0.1:${PORT}`), { owner: 'test' }, (v) => values.push(v));
    connection.start();
    await waitFor(values, (v) => v.weight === 14_220, 3000);
    await device.close();
    const droppedAt = Date.now();
    await waitFor(values, (v) => v.stale && (v.alarm ?? '').startsWith('仪表连接中断'), 4000);
    device = deviceServer(PORT);
    device.show(14_240);
    await device.listen();
    await waitFor(values, (v) => v.weight === 14_240, 5000);
    expect(Date.now() - droppedAt).toBeLessThan(5000);
  });

  it('refuses an invalid address with a station alarm instead of weights', async () => {
    const values: LiveValue[] = [];
    connection = new ScaleConnection(config('nowhere'), { owner: 'test', staleMs: 300 }, (v) => values.push(v));
    connection.start();
    const v = await waitFor(values, () => true, 2000);
    expect(v).toMatchObject({ weight: null, stale: true, problem: 'no-data', alarm: '连接地址无效' });
  });
});
