import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLicenceCode, issueLicenceCode, shippedPublicKey, type LicencePayload } from '../../server/licence/licence';
import { DATABASES, bearer, createTestApp, manualClock, type TestApp } from './support/test-app';

// the vendor's key pair of this test (the product ships only a public key; its private key is not in the repository)
const vendor = crypto.generateKeyPairSync('ed25519');
const PRIVATE = vendor.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC = vendor.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const other = crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('authorisation codes', () => {
  const payload: LicencePayload = { installationId: 'inst-1', licensee: '东方能源有限公司', edition: '标准版', issuedOn: '2026-11-01', expiresOn: '2027-10-31' };

  it('accept a code signed by the vendor for this installation, also with line breaks from a mail', () => {
    const code = issueLicenceCode(payload, PRIVATE);
    expect(checkLicenceCode(code, PUBLIC, 'inst-1', '2026-11-26')).toMatchObject({ ok: true, payload });
    const wrapped = code.replace(/(.{40})/g, '$1\n');
    expect(checkLicenceCode(wrapped, PUBLIC, 'inst-1', '2027-10-31')).toMatchObject({ ok: true, code });
  });

  it('refuse another key, a changed payload, another installation, an expired code and garbage', () => {
    const code = issueLicenceCode(payload, PRIVATE);
    expect(checkLicenceCode(issueLicenceCode(payload, other), PUBLIC, 'inst-1', '2026-11-26')).toMatchObject({ ok: false, problem: expect.stringContaining('签名校验失败') });
    // the licensee changed by hand keeps the old signature
    const [body, sig] = code.split('.');
    const forged = `WB1-${Buffer.from(JSON.stringify({ ...payload, expiresOn: null }), 'utf8').toString('base64url')}.${sig}`;
    expect(body).not.toBe(forged.split('.')[0]);
    expect(checkLicenceCode(forged, PUBLIC, 'inst-1', '2026-11-26')).toMatchObject({ ok: false, problem: expect.stringContaining('签名校验失败') });
    expect(checkLicenceCode(code, PUBLIC, 'inst-2', '2026-11-26')).toEqual({ ok: false, problem: '该授权码签发给安装编号 inst-1，不是本机（inst-2）' });
    expect(checkLicenceCode(code, PUBLIC, 'inst-1', '2027-11-01')).toEqual({ ok: false, problem: '该授权码已于 2027-10-31 到期' });
    expect(checkLicenceCode('hello', PUBLIC, 'inst-1', '2026-11-26')).toMatchObject({ ok: false, problem: expect.stringContaining('格式不正确') });
  });

  it('the shipped public key is an Ed25519 key', () => {
    expect(crypto.createPublicKey(shippedPublicKey()).asymmetricKeyType).toBe('ed25519');
  });
});

describe.each(DATABASES)('/grantAuth on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock(new Date('2026-11-26T04:00:00Z'));
  beforeAll(async () => { t = await createTestApp(kind, { clock, config: { licencePublicKey: PUBLIC } }); });
  afterAll(async () => { await t.close(); });
  const status = async () => (await t.app.inject({ method: 'GET', url: '/api/grant-auth/status' })).json().data as Record<string, unknown>;
  const apply = (code: string, token?: string) => t.app.inject({ method: 'POST', url: '/api/grant-auth/apply', payload: { code }, headers: token ? bearer(token) : {} });

  it('shows the installation id and no licence to anyone; only an administrator enters a code, verified by the server', async () => {
    const before = await status();
    expect(before).toMatchObject({ state: 'NONE', licensee: null, expiresOn: null });
    const installationId = before.installationId as string;
    expect(installationId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await status()).installationId).toBe(installationId); // stable
    const code = issueLicenceCode({ installationId, licensee: '演示集团', edition: '标准版', issuedOn: '2026-11-26', expiresOn: '2026-12-05' }, PRIVATE);

    // precondition: the weigher is signed in; then the refusal
    const weigher = (await t.login('weigher')).access;
    expect((await t.app.inject({ method: 'GET', url: '/api/sys-menu/list', headers: bearer(weigher) })).statusCode).toBe(200);
    const refused = await apply(code, weigher);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('只有管理员可以输入授权码');
    expect((await apply(code)).statusCode).toBe(401);
    expect((await status()).state).toBe('NONE');

    const admin = (await t.login('admin')).access;
    const bad = await apply(issueLicenceCode({ installationId: 'another', licensee: 'x', edition: '标准版', issuedOn: '2026-11-26', expiresOn: null }, PRIVATE), admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, data: { field: 'code' }, msg: `该授权码签发给安装编号 another，不是本机（${installationId}）` });
    const forged = await apply(issueLicenceCode({ installationId, licensee: 'x', edition: '标准版', issuedOn: '2026-11-26', expiresOn: null }, other), admin);
    expect(forged.statusCode).toBe(400);
    expect((await status()).state).toBe('NONE');

    const done = await apply(code, admin);
    expect(done.json(), done.body).toMatchObject({ success: true, msg: '授权成功', data: { state: 'VALID', licensee: '演示集团', edition: '标准版', expiresOn: '2026-12-05', daysLeft: 10, appliedBy: '系统管理员' } });
    expect(await status()).toMatchObject({ state: 'VALID', licensee: '演示集团', installationId });

    // past its last day the same licence shows as expired
    clock.set(new Date('2026-12-06T04:00:00Z'));
    expect(await status()).toMatchObject({ state: 'EXPIRED', licensee: '演示集团', expiresOn: '2026-12-05', daysLeft: null });
    const late = await apply(code, (await t.login('admin')).access);
    expect(late.json()).toMatchObject({ success: false, msg: '该授权码已于 2026-12-05 到期' });
  });
});
