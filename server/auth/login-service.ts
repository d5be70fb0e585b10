import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError, MESSAGES } from '../http/app-error';
import type { CaptchaService } from './captcha-service';
import { dummyPasswordHash, verifyPassword } from './passwords';
import type { Clock, SessionService, TokenPair } from './session-service';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** First key of the advisory locks that serialise the sign-in attempts of one user name. */
const LOCK_SPACE = 4711;

export interface LoginInput {
  username: string;
  password: string;
  code?: string;
  randomStr?: string;
  clientId: string;
  ip: string;
  userAgent?: string;
}

/**
 * The password grant: captcha after 3 failures for a user name, lock-out after 5 failures in 15
 * minutes (until an administrator unlocks), and a login-log row for every attempt.
 */
export class LoginService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly sessions: SessionService,
    private readonly captcha: CaptchaService,
    private readonly clock: Clock,
  ) {}

  async recentFailures(username: string): Promise<number> {
    const since = new Date(this.clock().getTime() - FAILURE_WINDOW_MS);
    const row = await this.db
      .selectFrom('authLoginFailure')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', username)
      .where('createdAt', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Judges one attempt. The attempt is recorded (pending) and counted in one short transaction
   * before anything is judged, serialised per user name by an advisory lock: concurrent attempts,
   * in this process or another, each see the ones recorded before them, so 40 guesses at once get
   * the captcha after 3 and the lock after 5 as 40 guesses in a row would.
   */
  async login(input: LoginInput): Promise<{ pair: TokenPair; userId: number }> {
    const username = input.username.trim();
    const attempt = await this.record(username, input.ip);
    // `before` counts every attempt recorded before this one in the window, pending ones as failures
    const before = attempt.count - 1;
    const settle = (failed: boolean) => (failed
      ? this.db.updateTable('authLoginFailure').set({ pending: false }).where('id', '=', attempt.id).execute()
      : this.db.deleteFrom('authLoginFailure').where('id', '=', attempt.id).execute());

    const user = await this.db
      .selectFrom('sysUser')
      .select(['id', 'passwordHash', 'enabled', 'locked', 'currentOrgId'])
      .where('username', '=', username)
      .executeTakeFirst();
    if (user?.locked) {
      await settle(false); // refused before any judgement: not a failure of its own
      await this.log(input, user.id, false, MESSAGES.accountLocked);
      throw new AppError(400, MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
    }
    if (before >= CAPTCHA_AFTER_FAILURES && !(await this.captcha.verify(input.randomStr, input.code))) {
      await settle(false);
      await this.log(input, user?.id ?? null, false, MESSAGES.captcha);
      throw new AppError(428, MESSAGES.captcha, '428', { captchaRequired: true });
    }
    if (user && before >= LOCK_AFTER_FAILURES) {
      // 5 failures came before this attempt while they were still being judged: the lock holds
      await settle(false);
      await this.lock(user.id);
      await this.log(input, user.id, false, MESSAGES.accountLocked);
      throw new AppError(400, MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
    }

    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) {
      await settle(true);
      const count = before + 1;
      if (user && count >= LOCK_AFTER_FAILURES) {
        await this.lock(user.id);
        await this.log(input, user.id, false, `${MESSAGES.badCredentials}（连续失败${count}次，账号已锁定）`);
        throw new AppError(400, MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
      }
      await this.log(input, user?.id ?? null, false, MESSAGES.badCredentials);
      throw new AppError(426, MESSAGES.badCredentials, '426', { captchaRequired: count >= CAPTCHA_AFTER_FAILURES });
    }
    if (!user.enabled) {
      await settle(false);
      await this.log(input, user.id, false, MESSAGES.accountDisabled);
      throw new AppError(400, MESSAGES.accountDisabled, 'ACCOUNT_DISABLED');
    }

    // A success clears this attempt and the failures already judged when it began; attempts that
    // were still being judged then, or came after, are concurrent with it and stay counted.
    const since = new Date(this.clock().getTime() - FAILURE_WINDOW_MS);
    await this.db.deleteFrom('authLoginFailure')
      .where((eb) => eb.or([eb('id', 'in', [attempt.id, ...attempt.judgedBefore]), eb.and([eb('username', '=', username), eb('createdAt', '<=', since)])]))
      .execute();
    const orgId = await this.startingOrg(user.id, user.currentOrgId);
    const pair = await this.sessions.createSession({ userId: user.id, clientId: input.clientId, orgId, ip: input.ip, userAgent: input.userAgent });
    await this.log(input, user.id, true, '登录成功');
    return { pair, userId: user.id };
  }

  /**
   * Records a pending attempt; answers its id, the attempts in the window (this one included) and
   * the failures already judged at that moment.
   */
  private async record(username: string, ip: string): Promise<{ id: number; count: number; judgedBefore: number[] }> {
    const now = this.clock();
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${username}))`.execute(trx);
      const row = await trx.insertInto('authLoginFailure').values({ username, ip, createdAt: now, pending: true }).returning('id').executeTakeFirstOrThrow();
      const recent = await trx.selectFrom('authLoginFailure').select(['id', 'pending'])
        .where('username', '=', username).where('createdAt', '>', since).execute();
      return { id: Number(row.id), count: recent.length, judgedBefore: recent.filter((r) => !r.pending).map((r) => Number(r.id)) };
    });
  }

  private async lock(userId: number): Promise<void> {
    await this.db.updateTable('sysUser').set({ locked: true, lockedAt: this.clock() }).where('id', '=', userId).where('locked', '=', false).execute();
  }

  /** The organisation a new session starts in: the last one used, if the user still belongs to it. */
  private async startingOrg(userId: number, lastOrg: number | null): Promise<number | null> {
    const orgs = await this.db.selectFrom('sysUserOrg').innerJoin('sysOrg', 'sysOrg.id', 'sysUserOrg.orgId')
      .select('sysOrg.id').where('sysUserOrg.userId', '=', userId).where('sysOrg.enabled', '=', true).orderBy('sysOrg.id').execute();
    if (lastOrg !== null && orgs.some((o) => o.id === lastOrg)) return lastOrg;
    return orgs[0]?.id ?? null;
  }

  private async log(input: LoginInput, userId: number | null, success: boolean, msg: string): Promise<void> {
    await this.db
      .insertInto('sysLoginLog')
      .values({ username: input.username.slice(0, 100), userId, success, msg, ip: input.ip, userAgent: input.userAgent?.slice(0, 500) ?? null, createdAt: this.clock() })
      .execute();
  }

  async unlock(userId: number): Promise<void> {
    const user = await this.db.updateTable('sysUser').set({ locked: false, lockedAt: null }).where('id', '=', userId).returning('username').executeTakeFirst();
    if (user) await this.db.deleteFrom('authLoginFailure').where('username', '=', user.username).execute();
  }
}
