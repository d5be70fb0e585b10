import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, inspect, runFuzz, seededRandom } from './support/fuzzer';
import { DATABASES, createTestApp, type TestApp } from './support/test-app';

/** A short deterministic sample of `npm run fuzz` (the same code, fewer requests). */
const SAMPLE = 540;

describe('the fuzzer', () => {
  it('counts what it must fail on: a 5xx, an answer outside the envelope, SQL, a stack or a path', () => {
    const env = (body: unknown, status = 400) => ({ statusCode: status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(inspect(env({ success: false, code: '400', msg: '字段 id 类型错误', data: { field: 'id' } }))).toEqual({ envelope: true, leak: false });
    expect(inspect(env({ statusCode: 400, error: 'Bad Request', message: 'x' })).envelope).toBe(false);
    expect(inspect({ statusCode: 404, headers: { 'content-type': 'text/plain' }, body: 'Not Found' }).envelope).toBe(false);
    for (const msg of ['invalid input syntax for type bigint: "0x9f0"', 'select * from as_vendor where id = $1', 'at query (/work/app/server/db/x.ts:12:5)', 'value "99999999999999999999" is out of range for type integer']) {
      expect(inspect(env({ success: false, code: '500', msg, data: null })).leak, msg).toBe(true);
    }
  });

  it('repeats itself: the same seed draws the same mutations', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });
});

describe.each(DATABASES)('fuzz sample on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { rateLimitPerMinute: 1_000_000, loginRateLimitPerMinute: 1_000_000, publicRateLimitPerMinute: 1_000_000 } });
  });
  afterAll(async () => { await t?.close(); });

  it(`${SAMPLE} mutated requests over every route: no 5xx, all in the envelope, nothing leaked`, async () => {
    const report = await runFuzz(t, { seed: 20261124, requests: SAMPLE, hugeRate: 0 });
    const figures = formatReport(report, false);
    expect(report.requests).toBe(SAMPLE);
    // it reached the handlers: both successes and refusals, on every route × resource pair (530 with the demo seed)
    expect(report.routes.size).toBeGreaterThan(500);
    expect(report.statuses[200] ?? 0, figures).toBeGreaterThan(5);
    expect(report.statuses[400] ?? 0, figures).toBeGreaterThan(SAMPLE / 4);
    expect({ status5xx: report.status5xx, outsideEnvelope: report.outsideEnvelope, leaks: report.leaks }, figures).toEqual({ status5xx: 0, outsideEnvelope: 0, leaks: 0 });
  }, 180_000);
});
