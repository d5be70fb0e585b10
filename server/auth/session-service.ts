import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { MESSAGES, unauthorized } from '../http/app-error';
import type { PreviewGrant } from '../templates/preview-token';
import { hashToken, newToken } from './tokens';

export type Clock = () => Date;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
}

/** Who is calling: resolved from the access token on every request. */
export interface AuthContext {
  userId: number;
  username: string;
  realName: string;
  admin: boolean;
  sessionId: number;
  orgId: number | null;
  groupId: number | null;
  /** False while the user's password is an initial or reset one that must be changed first. */
  passwordSafe: boolean;
  /** Set while a request carries a preview token (server/templates/preview-token.ts): read-only, narrowed rights. */
  preview?: PreviewGrant;
}

export type RevokeReason = 'LOGOUT' | 'FORCED' | 'PASSWORD_CHANGED' | 'USER_DISABLED' | 'REFRESH_REUSE' | 'USER_DELETED' | 'ACCESS_REMOVED';

const TOUCH_INTERVAL_MS = 60_000;
/** How long after a rotation the spent refresh token still answers the same new pair. */
export const REFRESH_GRACE_MS = 5_000;

/**
 * The pair a refresh issued, sealed for the grace window with a key derived from the spent refresh
 * token itself: the database holds only that token's SHA-256, so whoever reads the table cannot open it.
 */
function successorKey(refreshToken: string): Buffer {
  return crypto.createHash('sha256').update(`successor:${refreshToken}`).digest();
}

function sealPair(pair: TokenPair, refreshToken: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', successorKey(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unsealPair(sealed: string, refreshToken: string): TokenPair | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = crypto.createDecipheriv('aes-256-gcm', successorKey(refreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as TokenPair;
  } catch {
    return undefined;
  }
}

/**
 * Sessions and their tokens, all in the database so that every API process sees a logout, a
 * forced sign-out or a password change at once. A session is one sign-in (a refresh-token family).
 */
export class SessionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttl: { accessSec: number; refreshSec: number },
    private readonly clock: Clock,
  ) {}

  async createSession(input: { userId: number; clientId: string; orgId: number | null; ip?: string; userAgent?: string }): Promise<TokenPair> {
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const session = await trx
        .insertInto('authSession')
        .values({
          userId: input.userId,
          clientId: input.clientId,
          orgId: input.orgId,
          ip: input.ip ?? null,
          userAgent: input.userAgent?.slice(0, 500) ?? null,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + this.ttl.refreshSec * 1000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return this.issuePair(trx, session.id, now);
    });
  }

  private async issuePair(trx: Kysely<DB>, sessionId: number, now: Date): Promise<TokenPair> {
    const access = newToken();
    const refresh = newToken();
    await trx
      .insertInto('authToken')
      .values([
        { tokenHash: hashToken(access), sessionId, kind: 'access', createdAt: now, expiresAt: new Date(now.getTime() + this.ttl.accessSec * 1000) },
        { tokenHash: hashToken(refresh), sessionId, kind: 'refresh', createdAt: now, expiresAt: new Date(now.getTime() + this.ttl.refreshSec * 1000) },
      ])
      .execute();
    return { access_token: access, refresh_token: refresh, expires_in: this.ttl.accessSec, token_type: 'bearer' };
  }

  /**
   * Rotates a refresh token: the presented one is spent and a new pair is issued. Presenting a
   * spent (or revoked) refresh token again revokes its whole family, the newest tokens too, except
   * within REFRESH_GRACE_MS of the rotation, when the same new pair is answered again (two tabs
   * refreshing at once). A token presented by another client than its own is refused unspent.
   */
  async refresh(refreshToken: string, clientId: string): Promise<{ pair: TokenPair; userId: number }> {
    const now = this.clock();
    const tokenHash = hashToken(refreshToken);
    type Outcome = { pair: TokenPair; userId: number } | { reuseOf: number } | { accessRemoved: number } | { invalid: true };
    const result = await this.db.transaction().execute(async (trx): Promise<Outcome> => {
      // the row lock makes a concurrent refresh of the same token wait for this one's answer
      const token = await trx
        .selectFrom('authToken as t')
        .innerJoin('authSession as s', 's.id', 't.sessionId')
        .innerJoin('sysUser as u', 'u.id', 's.userId')
        .leftJoin('sysUserOrg as uo', (j) => j.onRef('uo.userId', '=', 's.userId').onRef('uo.orgId', '=', 's.orgId'))
        .leftJoin('sysOrg as o', (j) => j.onRef('o.id', '=', 'uo.orgId').on('o.enabled', '=', true))
        .select([
          't.sessionId', 't.usedAt', 't.revokedAt', 't.expiresAt', 't.successor', 's.userId', 's.clientId', 's.orgId',
          's.revokedAt as sessionRevokedAt', 'u.enabled', 'o.id as memberOrgId',
        ])
        .where('t.tokenHash', '=', tokenHash)
        .where('t.kind', '=', 'refresh')
        .forUpdate('t')
        .executeTakeFirst();
      if (!token || token.clientId !== clientId) return { invalid: true };
      if (token.sessionRevokedAt || !token.enabled) return { invalid: true };
      if (token.orgId !== null && token.memberOrgId === null) return { accessRemoved: token.sessionId };
      if (token.usedAt || token.revokedAt) {
        const graceful = !token.revokedAt && token.successor && token.usedAt && now.getTime() - token.usedAt.getTime() <= REFRESH_GRACE_MS;
        const again = graceful ? unsealPair(token.successor!, refreshToken) : undefined;
        return again ? { pair: again, userId: token.userId } : { reuseOf: token.sessionId };
      }
      if (token.expiresAt <= now) return { invalid: true };
      // The previous access tokens of this session end with the rotation.
      await trx.updateTable('authToken').set({ revokedAt: now }).where('sessionId', '=', token.sessionId).where('kind', '=', 'access').where('revokedAt', 'is', null).execute();
      await trx.updateTable('authSession').set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + this.ttl.refreshSec * 1000) }).where('id', '=', token.sessionId).execute();
      const pair = await this.issuePair(trx, token.sessionId, now);
      await trx.updateTable('authToken').set({ usedAt: now, successor: sealPair(pair, refreshToken) }).where('tokenHash', '=', tokenHash).execute();
      return { pair, userId: token.userId };
    });
    if ('pair' in result) return { pair: result.pair, userId: result.userId };
    if ('reuseOf' in result) await this.revokeSession(result.reuseOf, 'REFRESH_REUSE');
    if ('accessRemoved' in result) await this.revokeSession(result.accessRemoved, 'ACCESS_REMOVED');
    throw unauthorized(MESSAGES.invalidRefresh, 'INVALID_REFRESH');
  }

  /** Resolves an access token; throws 401 with the reason a person can act on. */
  async authenticate(accessToken: string): Promise<AuthContext> {
    const now = this.clock();
    const row = await this.db
      .selectFrom('authToken as t')
      .innerJoin('authSession as s', 's.id', 't.sessionId')
      .innerJoin('sysUser as u', 'u.id', 's.userId')
      // still a member of the session's organisation, and the organisation still enabled: two
      // primary-key probes in the same statement, no extra round trip on every call
      .leftJoin('sysUserOrg as uo', (j) => j.onRef('uo.userId', '=', 's.userId').onRef('uo.orgId', '=', 's.orgId'))
      .leftJoin('sysOrg as o', (j) => j.onRef('o.id', '=', 'uo.orgId').on('o.enabled', '=', true))
      .select([
        't.expiresAt', 't.revokedAt as tokenRevokedAt', 's.id as sessionId', 's.orgId', 's.revokedAt', 's.revokeReason', 's.lastSeenAt',
        'u.id as userId', 'u.username', 'u.realName', 'u.admin', 'u.enabled', 'u.groupId', 'u.passwordSafe', 'o.id as memberOrgId',
      ])
      .where('t.tokenHash', '=', hashToken(accessToken))
      .where('t.kind', '=', 'access')
      .executeTakeFirst();
    if (!row) throw unauthorized();
    if (row.revokedAt && row.revokeReason === 'FORCED') throw unauthorized(MESSAGES.forcedOffline, 'FORCED_OFFLINE');
    if (row.revokedAt || row.tokenRevokedAt || row.expiresAt <= now) throw unauthorized();
    if (!row.enabled) throw unauthorized(MESSAGES.accountDisabled);
    if (row.orgId !== null && row.memberOrgId === null) {
      // taken out of the organisation (or it was disabled): the session ends, a refresh cannot revive it
      await this.revokeSession(row.sessionId, 'ACCESS_REMOVED');
      throw unauthorized(MESSAGES.accessRemoved, 'ACCESS_REMOVED');
    }
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.updateTable('authSession').set({ lastSeenAt: now }).where('id', '=', row.sessionId).execute();
    }
    return {
      userId: row.userId,
      username: row.username,
      realName: row.realName,
      admin: row.admin,
      sessionId: row.sessionId,
      orgId: row.orgId,
      groupId: row.groupId,
      passwordSafe: row.passwordSafe,
    };
  }

  async revokeSession(sessionId: number, reason: RevokeReason): Promise<void> {
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('authSession').set({ revokedAt: now, revokeReason: reason }).where('id', '=', sessionId).where('revokedAt', 'is', null).execute();
      await trx.updateTable('authToken').set({ revokedAt: now }).where('sessionId', '=', sessionId).where('revokedAt', 'is', null).execute();
    });
  }

  async revokeUserSessions(userId: number, reason: RevokeReason): Promise<void> {
    const sessions = await this.db.selectFrom('authSession').select('id').where('userId', '=', userId).where('revokedAt', 'is', null).execute();
    for (const s of sessions) await this.revokeSession(s.id, reason);
  }

  async setSessionOrg(sessionId: number, orgId: number): Promise<void> {
    await this.db.updateTable('authSession').set({ orgId }).where('id', '=', sessionId).execute();
  }
}
