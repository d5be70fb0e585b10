import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { MESSAGES, unauthorized } from '../http/app-error';
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
}

export type RevokeReason = 'LOGOUT' | 'FORCED' | 'PASSWORD_CHANGED' | 'USER_DISABLED' | 'REFRESH_REUSE' | 'USER_DELETED';

const TOUCH_INTERVAL_MS = 60_000;

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
   * spent (or revoked) refresh token again revokes its whole family, the newest tokens too.
   */
  async refresh(refreshToken: string, clientId: string): Promise<{ pair: TokenPair; userId: number }> {
    const now = this.clock();
    const tokenHash = hashToken(refreshToken);
    const result = await this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('authToken')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('kind', '=', 'refresh')
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning('sessionId')
        .executeTakeFirst();
      if (!spent) return { reuseOf: await this.sessionOfToken(trx, tokenHash) };
      const session = await trx
        .selectFrom('authSession')
        .innerJoin('sysUser', 'sysUser.id', 'authSession.userId')
        .select(['authSession.id', 'authSession.userId', 'authSession.clientId', 'authSession.revokedAt', 'sysUser.enabled'])
        .where('authSession.id', '=', spent.sessionId)
        .executeTakeFirst();
      if (!session || session.revokedAt || !session.enabled || session.clientId !== clientId) return { invalid: true as const };
      // The previous access tokens of this session end with the rotation.
      await trx.updateTable('authToken').set({ revokedAt: now }).where('sessionId', '=', session.id).where('kind', '=', 'access').where('revokedAt', 'is', null).execute();
      await trx.updateTable('authSession').set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + this.ttl.refreshSec * 1000) }).where('id', '=', session.id).execute();
      return { pair: await this.issuePair(trx, session.id, now), userId: session.userId };
    });
    if ('pair' in result && result.pair) return { pair: result.pair, userId: result.userId };
    if ('reuseOf' in result && result.reuseOf !== undefined) await this.revokeSession(result.reuseOf, 'REFRESH_REUSE');
    throw unauthorized(MESSAGES.invalidRefresh, 'INVALID_REFRESH');
  }

  private async sessionOfToken(trx: Kysely<DB>, tokenHash: string): Promise<number | undefined> {
    const row = await trx.selectFrom('authToken').select('sessionId').where('tokenHash', '=', tokenHash).where('kind', '=', 'refresh').executeTakeFirst();
    return row?.sessionId;
  }

  /** Resolves an access token; throws 401 with the reason a person can act on. */
  async authenticate(accessToken: string): Promise<AuthContext> {
    const now = this.clock();
    const row = await this.db
      .selectFrom('authToken as t')
      .innerJoin('authSession as s', 's.id', 't.sessionId')
      .innerJoin('sysUser as u', 'u.id', 's.userId')
      .select([
        't.expiresAt', 't.revokedAt as tokenRevokedAt', 's.id as sessionId', 's.orgId', 's.revokedAt', 's.revokeReason', 's.lastSeenAt',
        'u.id as userId', 'u.username', 'u.realName', 'u.admin', 'u.enabled', 'u.groupId',
      ])
      .where('t.tokenHash', '=', hashToken(accessToken))
      .where('t.kind', '=', 'access')
      .executeTakeFirst();
    if (!row) throw unauthorized();
    if (row.revokedAt && row.revokeReason === 'FORCED') throw unauthorized(MESSAGES.forcedOffline, 'FORCED_OFFLINE');
    if (row.revokedAt || row.tokenRevokedAt || row.expiresAt <= now) throw unauthorized();
    if (!row.enabled) throw unauthorized(MESSAGES.accountDisabled);
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
