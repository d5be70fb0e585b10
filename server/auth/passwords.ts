import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from '../../src/schema/password-rule';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** scrypt hash in the form `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A hash of a random password: verifying against it costs the same time as a real one. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(12).toString('base64'));
  return dummyHash;
}

/** The password-safety rule (src/schema/password-rule.ts, shared with the browser) in the server's words. */
export function passwordSafetyProblem(password: string): string | null {
  const problem = passwordProblem(password);
  return problem && PASSWORD_PROBLEM_MESSAGES[problem];
}
