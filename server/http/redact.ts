const SECRET_KEYS = /pass(word)?|pwd|secret|token|captcha|^code$/i;

/**
 * A text the database's JSON takes: NUL and a lone half of a surrogate pair (which JSON.stringify
 * writes as \u0000 or \ud800, refused by jsonb) become U+FFFD. Without it a request carrying one
 * left no entry in the operation log at all.
 */
export function storable(text: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is the character looked for
  return text.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A copy of a request body for the logs, with secrets replaced, long text cut and every text storable. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (depth > 6) return '…';
  if (typeof value === 'string') return storable(value.length > 2000 ? `${value.slice(0, 2000)}…` : value);
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[storable(k)] = SECRET_KEYS.test(k) ? '******' : redact(v, depth + 1);
    return out;
  }
  return value;
}
