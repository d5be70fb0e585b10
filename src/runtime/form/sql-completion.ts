import { BUILTIN_SQL_PARAMS, positionAt, type SqlPosition } from '../../schema/sql-params';

/**
 * What the SQL editor completes and marks, without Monaco (so it is tested on its own): the spec's
 * keywords, the tables and columns the author may read, the named parameters, and the place of a
 * refusal the server reported.
 */

/** SQL keywords the editor completes (spec 001 §9). */
export const SQL_KEYWORDS = ['SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'LIMIT', 'ORDER BY', 'GROUP BY'];

export interface SqlTableInfo { tableName: string; tableExplain: string; columns: { name: string; explain: string; type: string }[] }
export interface SqlParamInfo { name: string; type: string; label?: string | null }
/** The tables and declared parameters an editor completes (the built-in parameters are always there). */
export interface SqlCompletion { tables: SqlTableInfo[]; params: SqlParamInfo[] }

export type SuggestionKind = 'keyword' | 'table' | 'column' | 'param';
export interface SqlSuggestion { label: string; kind: SuggestionKind; insertText: string; detail: string }

const BUILTIN_LABELS: Record<string, string> = { currentOrg: '当前公司（系统绑定）', currentUser: '当前用户（系统绑定）', currentGroup: '当前集团（系统绑定）' };

/** `from t a` / `join t as a`: alias (and table name) → table. */
export function tableAliases(text: string, tables: readonly SqlTableInfo[]): Map<string, SqlTableInfo> {
  const out = new Map<string, SqlTableInfo>();
  const re = /\b(?:from|join)\s+([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const table = tables.find((t) => t.tableName === m![1].toLowerCase());
    if (!table) continue;
    out.set(table.tableName, table);
    const alias = m[2]?.toLowerCase();
    if (alias && !['where', 'join', 'left', 'right', 'inner', 'on', 'group', 'order', 'limit', 'cross', 'full'].includes(alias)) out.set(alias, table);
  }
  return out;
}

/**
 * The suggestions at `offset` of `text`: after `:` the parameters; after `alias.` that table's
 * columns; otherwise keywords, tables, and the columns of the tables the statement reads.
 */
export function sqlSuggestions(text: string, offset: number, completion: SqlCompletion): SqlSuggestion[] {
  const before = text.slice(0, offset);
  const word = /[A-Za-z0-9_]*$/.exec(before)![0];
  const lead = before.slice(0, before.length - word.length);
  if (lead.endsWith(':') && !lead.endsWith('::')) {
    return [
      ...BUILTIN_SQL_PARAMS.map((name) => ({ label: name, kind: 'param' as const, insertText: name, detail: BUILTIN_LABELS[name] })),
      ...completion.params.filter((p) => p.name).map((p) => ({ label: p.name, kind: 'param' as const, insertText: p.name, detail: `${p.label || '参数'}（${p.type}）` })),
    ];
  }
  const aliases = tableAliases(text, completion.tables);
  const dotted = /([A-Za-z_][A-Za-z0-9_]*)\.$/.exec(lead);
  if (dotted) {
    const table = aliases.get(dotted[1].toLowerCase()) ?? completion.tables.find((t) => t.tableName === dotted[1].toLowerCase());
    return (table?.columns ?? []).map((c) => ({ label: c.name, kind: 'column', insertText: c.name, detail: `${c.explain}（${table!.tableExplain}）` }));
  }
  const read = new Set(aliases.values());
  return [
    ...SQL_KEYWORDS.map((k) => ({ label: k, kind: 'keyword' as const, insertText: k, detail: '关键字' })),
    ...completion.tables.map((t) => ({ label: t.tableName, kind: 'table' as const, insertText: t.tableName, detail: t.tableExplain })),
    ...[...read].flatMap((t) => t.columns.map((c) => ({ label: c.name, kind: 'column' as const, insertText: c.name, detail: `${c.explain}（${t.tableExplain}）` }))),
  ];
}

/** A refusal's place as the server sends it: `{ line, column }`, or a character offset. */
export type SqlProblemPosition = SqlPosition | number | null | undefined;
export interface SqlProblem { message: string; position?: SqlProblemPosition }

export interface MarkerRange { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }

/**
 * The range a marker covers: from the reported line and column to the end of the word there (at
 * least one character); a refusal without a place marks the whole first line.
 */
export function markerRange(text: string, position: SqlProblemPosition): MarkerRange {
  const lines = text.split('\n');
  if (position === null || position === undefined) return { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: Math.max(2, (lines[0]?.length ?? 0) + 1) };
  const at = typeof position === 'number' ? positionAt(text, position) : position;
  const line = Math.min(Math.max(1, at.line), Math.max(1, lines.length));
  const content = lines[line - 1] ?? '';
  const column = Math.min(Math.max(1, at.column), content.length + 1);
  const word = /^[\p{L}\p{N}_$]+/u.exec(content.slice(column - 1))?.[0].length ?? 0;
  return { startLineNumber: line, startColumn: column, endLineNumber: line, endColumn: column + Math.max(1, word) };
}

/**
 * Whether an editor should take its form's `value`, which comes back a render behind the text (each change
 * goes up through `onChange` and returns as a later render's value). Asked when the text would be written
 * (after the render, with the editor's text at that moment: keys typed between a render and its effects
 * are in it): a value the editor itself sent up, arriving once the text has moved on, is that echo, and
 * writing it would take back the keys typed since (S, E, L typed fast on a busy machine came out as SL).
 * Only a value the editor never sent — the form reset, a record loaded — replaces the text. Once the form
 * has caught up with the text, the values sent before are forgotten.
 */
export class EditorEcho {
  private sent: string[] = [];

  /** The editor sent `text` up (its onChange). */
  sentUp(text: string): void {
    this.sent.push(text);
    if (this.sent.length > 200) this.sent.shift();
  }

  /** Whether the form's `incoming` value should replace `current`, the editor's text now. */
  shouldWrite(incoming: string, current: string): boolean {
    if (incoming === current) {
      this.sent = [];
      return false;
    }
    if (this.sent.includes(incoming)) return false;
    this.sent = [];
    return true;
  }
}
