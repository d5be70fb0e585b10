import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { localDateParts } from '../../src/schema/number-rule';
import { caller } from '../http/auth-hook';
import { badRequest, forbidden } from '../http/app-error';
import { ok } from '../http/envelope';
import { checkLicenceCode, shippedPublicKey, type LicencePayload } from './licence';

/** What /grantAuth shows. */
export interface LicenceStatus {
  installationId: string;
  /** NONE: no code entered; VALID; EXPIRED: the code's last day has passed; INVALID: the stored code no longer verifies. */
  state: 'NONE' | 'VALID' | 'EXPIRED' | 'INVALID';
  licensee: string | null;
  edition: string | null;
  issuedOn: string | null;
  expiresOn: string | null;
  /** Days left including today (null: no expiry or no licence). */
  daysLeft: number | null;
  appliedAt: string | null;
  appliedBy: string | null;
}

const dayNumber = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / 86_400_000);

/**
 * /grantAuth (spec 000 §2.1, no sign-in): the installation's authorisation. Anyone may read the
 * installation id (to ask the vendor for a code) and the state; only an administrator enters a
 * code, which the server verifies (signature, installation, expiry) before storing it. The state
 * is worked out again on every read, so an expired code shows as expired. The authorisation is
 * recorded and shown; it does not switch functions on or off.
 */
export async function licenceRoutes(app: FastifyInstance): Promise<void> {
  const publicKey = app.svc.config.licencePublicKey ?? shippedPublicKey();
  const today = () => {
    const p = localDateParts(app.svc.clock(), app.svc.config.timezone);
    return `${p.y}-${p.m}-${p.d}`;
  };
  const row = async () => {
    await app.svc.db.insertInto('sysLicence').values({ id: 1, installationId: crypto.randomUUID() }).onConflict((oc) => oc.column('id').doNothing()).execute();
    return app.svc.db.selectFrom('sysLicence').leftJoin('sysUser', 'sysUser.id', 'sysLicence.appliedBy')
      .select(['sysLicence.installationId', 'sysLicence.code', 'sysLicence.licensee', 'sysLicence.edition', 'sysLicence.issuedOn', 'sysLicence.expiresOn', 'sysLicence.appliedAt', 'sysUser.realName'])
      .where('sysLicence.id', '=', 1).executeTakeFirstOrThrow();
  };
  const status = async (): Promise<LicenceStatus> => {
    const r = await row();
    const base = { installationId: r.installationId, appliedAt: r.appliedAt ? new Date(r.appliedAt).toISOString() : null, appliedBy: r.realName ?? null };
    if (!r.code) return { ...base, state: 'NONE', licensee: null, edition: null, issuedOn: null, expiresOn: null, daysLeft: null };
    const now = today();
    // checked against an open date so that an expired code still shows whose it was
    const check = checkLicenceCode(r.code, publicKey, r.installationId, '0000-00-00');
    const state = !check.ok ? 'INVALID' : r.expiresOn !== null && r.expiresOn < now ? 'EXPIRED' : 'VALID';
    return {
      ...base, state, licensee: r.licensee, edition: r.edition, issuedOn: r.issuedOn, expiresOn: r.expiresOn,
      daysLeft: state === 'VALID' && r.expiresOn ? dayNumber(r.expiresOn) - dayNumber(now) + 1 : null,
    };
  };

  app.get('/grant-auth/status', {
    config: { public: true, noOperationLog: true },
    schema: { tags: ['system'], summary: '授权信息：安装编号、授权状态、被授权单位、版本与到期日（不需要登录）' },
  }, async () => ok(await status()));

  app.post<{ Body: { code: string } }>('/grant-auth/apply', {
    config: { title: '输入授权码' },
    schema: {
      tags: ['system'], summary: '输入授权码（管理员）：校验签名、安装编号与到期日后保存',
      body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', maxLength: 4000 } } },
    },
  }, async (request) => {
    const auth = caller(request);
    if (!auth.admin) throw forbidden('只有管理员可以输入授权码');
    if (!request.body.code.trim()) throw badRequest('请输入授权码', { field: 'code' });
    const current = await row();
    const check = checkLicenceCode(request.body.code, publicKey, current.installationId, today());
    if (!check.ok) throw badRequest(check.problem, { field: 'code' });
    const p: LicencePayload = check.payload;
    await app.svc.db.updateTable('sysLicence').set({
      code: check.code, licensee: p.licensee, edition: p.edition, issuedOn: p.issuedOn, expiresOn: p.expiresOn, appliedBy: auth.userId, appliedAt: app.svc.clock(),
    }).where('id', '=', 1).execute();
    return ok(await status(), '授权成功');
  });
}
