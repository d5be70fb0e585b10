import { ShapeError, type Obj } from './shape';

/**
 * The stored template format's version (`formatVersion`) and the ordered steps that bring an older
 * stored or exported template to the current shape. A template is migrated whenever it is read or
 * imported (`parseTemplate` does it first; the server's template reads call `migrateTemplate`), so
 * renaming or reshaping an attribute is a new step here and never strands a stored template.
 * A template without `formatVersion` is version 1 (everything stored before versions existed).
 */

/** One step: a template of version `from` becomes one of `from + 1`. Pure: returns a new object. */
export interface FormatMigration {
  from: number;
  /** What the step changes, for the changelog and the import report. */
  note: string;
  migrate(template: Readonly<Obj>): Obj;
}

/** The steps in order: the step at index i takes version i + 1 to i + 2. */
export const FORMAT_MIGRATIONS: readonly FormatMigration[] = [
  // version 2 only records the version: the shape of version 1 is the current one
  { from: 1, note: '模板记录格式版本（formatVersion），结构不变', migrate: (t) => ({ ...t }) },
];

/** The version the runtime and the server write: one past the last step. */
export const FORMAT_VERSION = 1 + FORMAT_MIGRATIONS.length;

export const FORMAT_MESSAGES = {
  invalid: '模板格式版本（formatVersion）应为正整数',
  newer: '模板格式版本（formatVersion）为 {version}，高于本系统支持的 {supported}，请先升级系统再导入',
} as const;

/** The format version of a stored template: its `formatVersion`, 1 when absent. */
export function formatVersionOf(template: Readonly<Obj>): number {
  const v = template.formatVersion;
  if (v === undefined || v === null) return 1;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new ShapeError('formatVersion', FORMAT_MESSAGES.invalid);
  return v;
}

/**
 * A stored or imported template in the current format: the steps from its version on, applied in
 * order, and `formatVersion` set to the current one. A template of a newer format than this build
 * knows is refused (a ShapeError on `formatVersion`): reading it as the current shape could lose
 * what the newer one means. Anything but an object is handed back for the parser to refuse.
 */
export function migrateTemplate(value: unknown, migrations: readonly FormatMigration[] = FORMAT_MIGRATIONS): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const current = 1 + migrations.length;
  const from = formatVersionOf(value as Obj);
  if (from > current) {
    throw new ShapeError('formatVersion', FORMAT_MESSAGES.newer.replace('{version}', String(from)).replace('{supported}', String(current)));
  }
  let out: Obj = { ...(value as Obj) };
  for (const step of migrations) if (step.from >= from) out = step.migrate(out);
  out.formatVersion = current;
  return out;
}
