import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * Authorisation codes (/grantAuth). A code is `WB1-<payload>.<signature>`: the payload is the
 * base64url of a JSON object naming the installation it is issued for, the licensee, the edition,
 * the issue date and the expiry (null: none); the signature is the Ed25519 signature of the text
 * `WB1-<payload>` by the vendor's private key. The server verifies it with the public key shipped in
 * `server/licence/licence-public-key.pem`; only the holder of the private key can issue codes
 * (`npm run licence -- issue …`). The code is plain text so it can be mailed or typed in.
 */
export const CODE_PREFIX = 'WB1-';

export interface LicencePayload {
  /** The installation id the code is issued for (shown on /grantAuth). */
  installationId: string;
  licensee: string;
  edition: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  /** YYYY-MM-DD, the last valid day; null: no expiry. */
  expiresOn: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PUBLIC_KEY_FILE = new URL('./licence-public-key.pem', import.meta.url);

/** The public key shipped with the product. */
export function shippedPublicKey(): string {
  return fs.readFileSync(PUBLIC_KEY_FILE, 'utf8');
}

function isPayload(v: unknown): v is LicencePayload {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  return typeof p.installationId === 'string' && p.installationId.length > 0 && p.installationId.length <= 36
    && typeof p.licensee === 'string' && p.licensee.trim().length > 0 && p.licensee.length <= 200
    && typeof p.edition === 'string' && p.edition.length > 0 && p.edition.length <= 40
    && typeof p.issuedOn === 'string' && DATE.test(p.issuedOn)
    && (p.expiresOn === null || (typeof p.expiresOn === 'string' && DATE.test(p.expiresOn)));
}

/** Signs a payload into a code (the vendor's side: `npm run licence -- issue`, and tests). */
export function issueLicenceCode(payload: LicencePayload, privateKeyPem: string): string {
  const body = `${CODE_PREFIX}${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
  const signature = crypto.sign(null, Buffer.from(body, 'ascii'), crypto.createPrivateKey(privateKeyPem));
  return `${body}.${signature.toString('base64url')}`;
}

export type LicenceCheck = { ok: true; payload: LicencePayload; code: string } | { ok: false; problem: string };

/**
 * Checks a code as typed (white space, e.g. line breaks from a mail, is ignored): its form, the
 * signature against `publicKeyPem`, the installation and the expiry against `today` (YYYY-MM-DD).
 */
export function checkLicenceCode(typed: string, publicKeyPem: string, installationId: string, today: string): LicenceCheck {
  const code = typed.replace(/\s+/g, '');
  const dot = code.lastIndexOf('.');
  if (!code.startsWith(CODE_PREFIX) || dot < 0) return { ok: false, problem: `授权码格式不正确：应以 ${CODE_PREFIX} 开头，由授权内容和签名两段组成` };
  const body = code.slice(0, dot);
  let valid = false;
  try {
    valid = crypto.verify(null, Buffer.from(body, 'ascii'), crypto.createPublicKey(publicKeyPem), Buffer.from(code.slice(dot + 1), 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, problem: '授权码无效：签名校验失败（授权码不完整、被改动，或不是本产品签发的）' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body.slice(CODE_PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    payload = null;
  }
  if (!isPayload(payload)) return { ok: false, problem: '授权码内容不完整' };
  if (payload.installationId !== installationId) return { ok: false, problem: `该授权码签发给安装编号 ${payload.installationId}，不是本机（${installationId}）` };
  if (payload.expiresOn !== null && payload.expiresOn < today) return { ok: false, problem: `该授权码已于 ${payload.expiresOn} 到期` };
  return { ok: true, payload, code };
}
