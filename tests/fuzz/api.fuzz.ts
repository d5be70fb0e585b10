import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, runFuzz } from '../server/support/fuzzer';
import { DATABASES, createTestApp, type TestApp } from '../server/support/test-app';

// FUZZ_REQUESTS (default 12,000 per database), FUZZ_SEED (default 1), FUZZ_ONLY (a part of a route path)
const requests = Number(process.env.FUZZ_REQUESTS ?? 12_000);
const seed = Number(process.env.FUZZ_SEED ?? 1);

describe.each(DATABASES)('API fuzz (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { rateLimitPerMinute: 1_000_000, loginRateLimitPerMinute: 1_000_000, publicRateLimitPerMinute: 1_000_000 } });
  });
  afterAll(async () => t?.close());

  it(`${requests} mutated requests: no 5xx, every answer in the envelope, nothing leaked`, async () => {
    const report = await runFuzz(t, {
      seed, requests, only: process.env.FUZZ_ONLY,
      progress: (done, r) => process.stdout.write(`  ${kind}: ${done} requests, 5xx ${r.status5xx}, outside ${r.outsideEnvelope}, leaks ${r.leaks}\n`),
    });
    process.stdout.write(`\n[${kind}] ${formatReport(report, true)}\n`);
    expect({ status5xx: report.status5xx, outsideEnvelope: report.outsideEnvelope, leaks: report.leaks }).toEqual({ status5xx: 0, outsideEnvelope: 0, leaks: 0 });
  });
});
