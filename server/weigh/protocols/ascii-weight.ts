/**
 * The ASCII weight field shared by the Yaohua text formats: digits with at most one decimal point
 * inside (never first or last), an optional leading minus. Answers the weight and its decimals.
 */
export function parseWeightText(text: string, allowMinus: boolean): { weight: number; decimals: number } | null {
  let body = text;
  let sign = 1;
  if (allowMinus && body.startsWith('-')) {
    sign = -1;
    body = body.slice(1);
  }
  if (!/^(\d+|\d+\.\d+)$/.test(body)) return null;
  const point = body.indexOf('.');
  const decimals = point < 0 ? 0 : body.length - point - 1;
  return { weight: sign * Number(body), decimals };
}

/** The display text of a weight in `width` characters (point included), zero-padded. */
export function weightText(weight: number, decimals: number, width: number): string {
  const body = Math.abs(weight).toFixed(decimals);
  return body.padStart(width, '0').slice(-width);
}
