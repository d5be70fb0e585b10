import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest } from '../http/app-error';
import type { Clock } from './session-service';

const TTL_MS = 5 * 60_000;
const RANDOM_STR = /^[A-Za-z0-9_-]{1,64}$/;

export interface CaptchaGenerator { code(): string; image(code: string): Buffer }

/**
 * Image captchas keyed by the client's randomStr, stored (hashed) in the database so any API
 * process can check them. A captcha is good for one attempt and five minutes.
 */
export class CaptchaService {
  constructor(private readonly db: Kysely<DB>, private readonly generator: CaptchaGenerator, private readonly clock: Clock) {}

  async create(randomStr: string): Promise<Buffer> {
    if (!RANDOM_STR.test(randomStr)) throw badRequest('randomStr 须为1到64位字母、数字、下划线或连字符');
    const code = this.generator.code();
    const now = this.clock();
    await this.db
      .insertInto('authCaptcha')
      .values({ randomStr, codeHash: digest(randomStr, code), createdAt: now, expiresAt: new Date(now.getTime() + TTL_MS) })
      .onConflict((oc) => oc.column('randomStr').doUpdateSet({ codeHash: digest(randomStr, code), createdAt: now, expiresAt: new Date(now.getTime() + TTL_MS) }))
      .execute();
    await this.db.deleteFrom('authCaptcha').where('expiresAt', '<', now).execute();
    return this.generator.image(code);
  }

  /** True when the code matches; the captcha is spent either way. */
  async verify(randomStr: string | undefined, code: string | undefined): Promise<boolean> {
    if (!randomStr || !code || !RANDOM_STR.test(randomStr)) return false;
    const row = await this.db.deleteFrom('authCaptcha').where('randomStr', '=', randomStr).returning(['codeHash', 'expiresAt']).executeTakeFirst();
    if (!row || row.expiresAt <= this.clock()) return false;
    const a = Buffer.from(row.codeHash);
    const b = Buffer.from(digest(randomStr, code.trim().toUpperCase()));
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  }
}

function digest(randomStr: string, code: string): string {
  return crypto.createHash('sha256').update(`${randomStr}:${code.toUpperCase()}`).digest('hex');
}
