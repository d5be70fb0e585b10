const SECRET_KEYS = /pass(word)?|pwd|secret|token|captcha|^code$/i;

/** A copy of a request body for the logs, with secrets replaced and long text cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (depth > 6) return '…';
  if (typeof value === 'string') return value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = SECRET_KEYS.test(k) ? '******' : redact(v, depth + 1);
    return out;
  }
  return value;
}
