import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError, MESSAGES } from '../http/app-error';
import type { CaptchaService } from './captcha-service';
import { dummyPasswordHash, verifyPassword } from './passwords';
import type { Clock, SessionService, TokenPair } from './session-service';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;

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

  async login(input: LoginInput): Promise<{ pair: TokenPair; userId: number }> {
    const username = input.username.trim();
    const failures = await this.recentFailures(username);
    if (failures >= CAPTCHA_AFTER_FAILURES && !(await this.captcha.verify(input.randomStr, input.code))) {
      await this.log(input, null, false, MESSAGES.captcha);
      throw new AppError(428, MESSAGES.captcha, '428', { captchaRequired: true });
    }

    const user = await this.db
      .selectFrom('sysUser')
      .select(['id', 'passwordHash', 'enabled', 'locked', 'currentOrgId'])
      .where('username', '=', username)
      .executeTakeFirst();
    if (user?.locked) {
      await this.log(input, user.id, false, MESSAGES.accountLocked);
      throw new AppError(400, MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
    }
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !passwordOk) {
      const now = this.clock();
      await this.db.insertInto('authLoginFailure').values({ username, ip: input.ip, createdAt: now }).execute();
      const count = failures + 1;
      if (user && count >= LOCK_AFTER_FAILURES) {
        await this.db.updateTable('sysUser').set({ locked: true, lockedAt: now }).where('id', '=', user.id).execute();
        await this.log(input, user.id, false, `${MESSAGES.badCredentials}（连续失败${count}次，账号已锁定）`);
        throw new AppError(400, MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
      }
      await this.log(input, user?.id ?? null, false, MESSAGES.badCredentials);
      throw new AppError(426, MESSAGES.badCredentials, '426', { captchaRequired: count >= CAPTCHA_AFTER_FAILURES });
    }
    if (!user.enabled) {
      await this.log(input, user.id, false, MESSAGES.accountDisabled);
      throw new AppError(400, MESSAGES.accountDisabled, 'ACCOUNT_DISABLED');
    }

    await this.db.deleteFrom('authLoginFailure').where('username', '=', username).execute();
    const orgId = await this.startingOrg(user.id, user.currentOrgId);
    const pair = await this.sessions.createSession({ userId: user.id, clientId: input.clientId, orgId, ip: input.ip, userAgent: input.userAgent });
    await this.log(input, user.id, true, '登录成功');
    return { pair, userId: user.id };
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
