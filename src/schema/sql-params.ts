/**
 * Named parameters of a SQL data source (`:currentOrg`, `:startDate`): found by a small lexer that
 * knows PostgreSQL's strings, quoted identifiers, dollar quoting, comments and the `::` cast, so a
 * `:name` inside any of those is left alone. Each parameter becomes a bound value (`$n`), never text
 * spliced into the statement. Shared by the server's check and the SQL editor's completion.
 */

/** Parameters the server binds itself from the signed-in session (never from the request). */
export const BUILTIN_SQL_PARAMS = ['currentOrg', 'currentUser', 'currentGroup'] as const;
export type BuiltinSqlParam = (typeof BUILTIN_SQL_PARAMS)[number];

/** Types a declared parameter may have, and the PostgreSQL type its bound value is cast to. */
export const SQL_PARAM_TYPES = { text: 'text', integer: 'bigint', numeric: 'numeric', date: 'date', timestamp: 'timestamptz', boolean: 'boolean' } as const;
export type SqlParamType = keyof typeof SQL_PARAM_TYPES;

/** A parameter declared on a SQL data source: its name, type and default value. */
export interface SqlParamDecl {
  name: string;
  type: SqlParamType;
  label?: string | null;
  defaultValue?: string | number | boolean | null;
}

export const SQL_PARAM_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** A place in the statement as an editor shows it: line and column from 1. */
export interface SqlPosition { line: number; column: number }

/** The line and column of a character offset (UTF-16 units, as JavaScript and Monaco count). */
export function positionAt(text: string, offset: number): SqlPosition {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i += 1) {
    if (text.charCodeAt(i) === 10) { line += 1; lineStart = i + 1; }
  }
  return { line, column: at - lineStart + 1 };
}

export interface ParamScan {
  /** The statement with every `:name` replaced by `$n` (n the name's order of first use). */
  text: string;
  /** The distinct names in `$n` order. */
  names: string[];
  /** The pieces of `text` between the placeholders, and the name at each placeholder. */
  parts: string[];
  uses: string[];
  /** Maps an offset in `text` back to one in the statement as written. */
  original(offset: number): number;
}

export class SqlParamError extends Error {
  constructor(message: string, readonly offset: number) { super(message); }
}

const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * Replaces each `:name` by `($n::type)` (n the name's order of first use, type from `typeOf`); a
 * `$1` typed by the author is refused (parameters are named), and so is an undeclared name.
 */
export function scanSqlParams(source: string, typeOf: (name: string) => string | null): ParamScan {
  const parts: string[] = [];
  const uses: string[] = [];
  const names: string[] = [];
  // offset pairs (text, source) where the two stop running in step, for mapping positions back
  const map: { textAt: number; sourceAt: number }[] = [{ textAt: 0, sourceAt: 0 }];
  let piece = '';
  let text = '';
  let from = 0;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '-' && next === '-') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '/' && next === '*') {
      // block comments nest in PostgreSQL
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (source[j] === '/' && source[j + 1] === '*') { depth += 1; j += 2; } else if (source[j] === '*' && source[j + 1] === '/') { depth -= 1; j += 2; } else j += 1;
      }
      i = j;
    } else if (c === "'") {
      // E'…' strings take backslash escapes; '' is a quote in any string
      const escapes = i > 0 && /[eE]/.test(source[i - 1]) && (i < 2 || !IDENT_PART.test(source[i - 2]));
      let j = i + 1;
      while (j < n) {
        if (escapes && source[j] === '\\') { j += 2; continue; }
        if (source[j] === "'") { if (source[j + 1] === "'") { j += 2; continue; } break; }
        j += 1;
      }
      i = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n) { if (source[j] === '"') { if (source[j + 1] === '"') { j += 2; continue; } break; } j += 1; }
      i = j + 1;
    } else if (c === '$' && (i === 0 || !IDENT_PART.test(source[i - 1]))) {
      const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(source.slice(i, i + 70));
      if (tag) {
        const end = source.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? n : end + tag[0].length;
      } else if (/[0-9]/.test(next ?? '')) {
        throw new SqlParamError('参数请用名称（如 :startDate），不要写 $1', i);
      } else i += 1;
    } else if (c === ':' && next === ':') {
      i += 2;
    } else if (c === ':' && next !== undefined && IDENT_START.test(next) && (i === 0 || source[i - 1] !== ':')) {
      let j = i + 1;
      while (j < n && IDENT_PART.test(source[j]) && source[j] !== '$') j += 1;
      const name = source.slice(i + 1, j);
      if (!SQL_PARAM_NAME.test(name)) throw new SqlParamError(`参数名 ${name} 不合法`, i);
      const type = typeOf(name);
      if (type === null) throw new SqlParamError(`未声明的参数 :${name}`, i);
      if (!names.includes(name)) names.push(name);
      const before = source.slice(from, i);
      piece += before;
      text += before;
      // the placeholder stands where the `:` was; after it the two texts run in step again
      parts.push(`${piece}(`);
      text += '(';
      map.push({ textAt: text.length, sourceAt: i });
      text += `$${names.indexOf(name) + 1}`;
      uses.push(name);
      piece = `::${type})`;
      text += piece;
      map.push({ textAt: text.length, sourceAt: j });
      from = j;
      i = j;
    } else i += 1;
  }
  const rest = source.slice(from);
  parts.push(piece + rest);
  text += rest;
  const original = (offset: number) => {
    let best = map[0];
    for (const m of map) if (m.textAt <= offset) best = m; else break;
    return Math.min(source.length, best.sourceAt + Math.max(0, offset - best.textAt));
  };
  return { text, names, parts, uses, original };
}
