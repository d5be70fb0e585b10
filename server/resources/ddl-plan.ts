import crypto from 'node:crypto';
import {
  DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type CreateTableBuilder, type RawBuilder,
} from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import { SYSTEM_DB_COLUMNS, camelCase } from '../../src/schema/identifiers';
import { columnDataType, indexName, scopeColumn, withSystemColumns } from './ddl';
import { pinyinColumnOf, pinyinColumns } from './pinyin';

/**
 * The DDL plan of a data source (数据源 → 同步): a pure function from the metadata an administrator
 * edited (the draft), the metadata the engine serves now, the tombstoned columns and the real
 * catalogue to the statements that bring the table to the draft. Every identifier is quoted by
 * Kysely and comes from parsed metadata; defaults are literals of checked values. The plan never
 * drops a table or a column: a column left out of the draft becomes a tombstone (kept, hidden,
 * restorable), a column found in the table but not in the metadata (added by hand) is adopted
 * as a tombstone, and a type change the data does not allow is blocked by the sync's checks.
 */

/** A column as the catalogue has it (`type` as format_type() writes it). */
export interface CatalogueColumn { name: string; type: string }
export interface Catalogue { exists: boolean; columns: CatalogueColumn[]; indexes: string[]; constraints: string[] }

export type StepKind = 'createTable' | 'addColumn' | 'alterType' | 'setDefault' | 'createIndex' | 'foreignKey' | 'tombstone' | 'restore' | 'adopt' | 'label' | 'metadata';

/** One step: what it does in words, its statements (none for metadata-only steps), and what the data must allow. */
export interface PlanStep {
  kind: StepKind;
  field?: string;
  text: string;
  sql: string[];
  /** The rows must convert to this type (alterType that is not a widening). */
  convert?: { column: string; target: string };
  /** The live rows must be unique in this column within the scope. */
  unique?: { column: string; scope: string };
  /** Every row's parent key must name a row of the parent table (a foreign key added to a table that holds rows). */
  orphans?: { column: string; parentTable: string };
}

/** A difference between the served metadata and the real table (edited outside the platform). */
export interface DriftItem { field: string; problem: string }

export interface Plan { tableName: string; steps: PlanStep[]; drift: DriftItem[]; tombstones: ResourceColumn[]; hash: string }

/** Compiles only: no connection. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
const compiler = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const compiled = (q: { compile(): { sql: string; parameters: readonly unknown[] } }): string => {
  const c = q.compile();
  if (c.parameters.length) throw new Error('a DDL statement may not carry parameters');
  return c.sql;
};

/** The type as format_type() writes it, for comparing with the catalogue. */
export function catalogueType(c: Pick<ResourceColumn, 'fieldType' | 'length' | 'scale'>): string {
  switch (c.fieldType) {
    case 'CHAR': return `character varying(${c.length ?? 255})`;
    case 'NUMBER': return `numeric(${c.length ?? 18},${c.scale ?? 0})`;
    case 'DATE': return 'timestamp with time zone';
    case 'BOOLEAN': return 'boolean';
    case 'JSON': return 'jsonb';
    default: return 'text';
  }
}

/** The metadata of a column found in the table only (adopted as a tombstone). */
export function columnFromCatalogue(c: CatalogueColumn): ResourceColumn {
  const base = { fieldName: camelCase(c.name), fieldDbName: c.name, fieldExplain: c.name };
  const varchar = /^character varying\((\d+)\)$/.exec(c.type);
  if (varchar) return { ...base, fieldType: 'CHAR', length: Number(varchar[1]) };
  const numeric = /^numeric\((\d+),(\d+)\)$/.exec(c.type);
  if (numeric) return { ...base, fieldType: 'NUMBER', length: Number(numeric[1]), scale: Number(numeric[2]) };
  if (/^(integer|bigint|smallint)$/.test(c.type)) return { ...base, fieldType: 'NUMBER', length: 19, scale: 0 };
  if (/^timestamp|^date$/.test(c.type)) return { ...base, fieldType: 'DATE' };
  if (c.type === 'boolean') return { ...base, fieldType: 'BOOLEAN' };
  if (c.type === 'jsonb' || c.type === 'json') return { ...base, fieldType: 'JSON' };
  return { ...base, fieldType: 'TXT' };
}

/**
 * A line table's parent key is bigint in the table (its foreign key references the parent's
 * bigint id, which a numeric column cannot); every other column has its metadata type.
 */
function isParentKey(def: ResourceDefinition, c: ResourceColumn): boolean {
  return def.kind === 'LINE' && c.fieldName === def.parentKey;
}
const physicalType = (def: ResourceDefinition, c: ResourceColumn) => (isParentKey(def, c) ? sql`bigint` : columnDataType(c));
const physicalTypeText = (def: ResourceDefinition, c: ResourceColumn) => (isParentKey(def, c) ? 'bigint' : catalogueType(c));

/** The literal default of a column, typed as the column (checked by the metadata routes). */
function defaultOf(c: ResourceColumn): RawBuilder<unknown> | null {
  if (c.defaultValue === null || c.defaultValue === undefined || c.defaultValue === '') return null;
  if (c.fieldType === 'NUMBER' || c.fieldType === 'BOOLEAN') return sql.lit(c.fieldType === 'BOOLEAN' ? c.defaultValue === 'true' : Number(c.defaultValue));
  return sql`${sql.lit(c.defaultValue)}::${columnDataType(c)}`;
}

/** Whether changing `from` to `to` needs no check of the data: a longer CHAR, more integer digits at the same scale, any text to TXT. */
function isWidening(from: ResourceColumn, to: ResourceColumn): boolean {
  if (to.fieldType === 'TXT' || (to.fieldType === 'ENUM' && from.fieldType === 'TXT')) return from.fieldType === 'CHAR' || from.fieldType === 'TXT' || from.fieldType === 'ENUM';
  if (from.fieldType === 'CHAR' && to.fieldType === 'CHAR') return (to.length ?? 255) >= (from.length ?? 255);
  if (from.fieldType === 'NUMBER' && to.fieldType === 'NUMBER') {
    return (to.scale ?? 0) >= (from.scale ?? 0) && (to.length ?? 18) - (to.scale ?? 0) >= (from.length ?? 18) - (from.scale ?? 0);
  }
  return false;
}

const sameColumns = (a: ResourceColumn, b: ResourceColumn) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The plan bringing the table to `target` (the draft, or the served metadata to repair drift).
 * `served` is the metadata the engine serves now (null before the first sync); `parentExists`
 * whether a line table's parent table exists (its foreign key needs it).
 */
export function planTable(input: { target: ResourceDefinition; served: ResourceDefinition | null; tombstones: ResourceColumn[]; catalogue: Catalogue }): Plan {
  const { target, served, catalogue } = input;
  const table = target.tableName;
  const steps: PlanStep[] = [];
  const drift: DriftItem[] = [];
  const have = new Map(catalogue.columns.map((c) => [c.name, c]));
  const scope = scopeColumn(target);
  const pinyin = new Set(pinyinColumns(target).map((c) => c.fieldName));
  let tombstones = input.tombstones.filter((t) => !target.columns.some((c) => c.fieldDbName === t.fieldDbName));

  const uniqueStep = (c: ResourceColumn, check: boolean): PlanStep => ({
    kind: 'createIndex', field: c.fieldName, text: `为 ${c.fieldExplain}(${c.fieldDbName}) 建唯一索引（${scope === 'org_id' ? '公司' : '集团'}内唯一）`,
    sql: [compiled(compiler.schema.createIndex(indexName(table, c.fieldDbName, 'uniq_idx')).ifNotExists().unique().on(table).columns([scope, c.fieldDbName]).where(sql.ref('deleted'), '=', false))],
    ...(check ? { unique: { column: c.fieldDbName, scope } } : {}),
  });
  const parentColumn = target.kind === 'LINE' ? target.columns.find((c) => c.fieldName === target.parentKey)?.fieldDbName : undefined;
  const foreignKeyName = parentColumn ? indexName(table, parentColumn, 'fkey') : '';
  const foreignKeyStep = (check: boolean): PlanStep => ({
    kind: 'foreignKey', field: target.parentKey!, text: `明细表外键 ${parentColumn} → ${target.parentTable}(id)，删除主表记录时删除明细`,
    sql: [
      compiled(compiler.schema.alterTable(table).addForeignKeyConstraint(foreignKeyName, [parentColumn!], target.parentTable!, ['id'], (fk) => fk.onDelete('cascade'))),
      compiled(compiler.schema.createIndex(`${table}_parent_idx`).ifNotExists().on(table).column(parentColumn!)),
    ],
    ...(check ? { orphans: { column: parentColumn!, parentTable: target.parentTable! } } : {}),
  });

  if (!catalogue.exists) {
    let create: CreateTableBuilder<string, never> = withSystemColumns(compiler.schema.createTable(table));
    for (const c of target.columns) {
      const value = defaultOf(c);
      create = create.addColumn(c.fieldDbName, physicalType(target, c), (b) => (value ? b.defaultTo(value) : b));
      if (pinyin.has(c.fieldName)) create = create.addColumn(pinyinColumnOf(c), 'varchar(400)');
    }
    steps.push({
      kind: 'createTable', text: `建表 ${table}（${target.tableExplain}）：系统列与 ${target.columns.length} 个字段`,
      sql: [
        compiled(create),
        compiled(compiler.schema.createIndex(`${table}_org_idx`).ifNotExists().on(table).columns(['org_id', 'id desc']).where(sql.ref('deleted'), '=', false)),
        compiled(compiler.schema.createIndex(`${table}_group_idx`).ifNotExists().on(table).columns(['group_id', 'id desc'])),
      ],
    });
    if (parentColumn) steps.push(foreignKeyStep(false));
    for (const c of target.columns.filter((x) => x.unique)) steps.push(uniqueStep(c, false));
  } else {
    const servedBy = new Map((served?.columns ?? []).map((c) => [c.fieldDbName, c]));
    const tombBy = new Map(input.tombstones.map((c) => [c.fieldDbName, c]));
    for (const c of target.columns) {
      const real = have.get(c.fieldDbName);
      const before = servedBy.get(c.fieldDbName) ?? tombBy.get(c.fieldDbName);
      if (tombBy.has(c.fieldDbName) && !servedBy.has(c.fieldDbName)) steps.push({ kind: 'restore', field: c.fieldName, text: `恢复已删除的字段 ${c.fieldExplain}(${c.fieldDbName})，其数据仍在`, sql: [] });
      if (!real) {
        if (servedBy.has(c.fieldDbName)) drift.push({ field: c.fieldName, problem: `列 ${c.fieldDbName} 在数据库中不存在` });
        const value = defaultOf(c);
        steps.push({
          kind: 'addColumn', field: c.fieldName,
          text: `加列 ${c.fieldExplain}(${c.fieldDbName}) ${physicalTypeText(target, c)}${value ? `，默认值 ${c.defaultValue}（已有行取默认值，不重写表）` : ''}`,
          sql: [compiled(compiler.schema.alterTable(table).addColumn(c.fieldDbName, physicalType(target, c), (b) => (value ? b.defaultTo(value) : b)))],
        });
      } else {
        const wanted = physicalTypeText(target, c);
        // tables made before the platform created foreign keys keep their numeric parent key (and have no foreign key)
        const legacyParentKey = isParentKey(target, c) && /^numeric\(\d+,0\)$/.test(real.type);
        if (real.type !== wanted && !legacyParentKey) {
          const from = columnFromCatalogue(real);
          const servedType = servedBy.has(c.fieldDbName) ? physicalTypeText(served!, servedBy.get(c.fieldDbName)!) : null;
          if (servedType && servedType !== real.type) {
            drift.push({ field: c.fieldName, problem: `列 ${c.fieldDbName} 在数据库中为 ${real.type}，元数据为 ${servedType}` });
          }
          const widening = isWidening(from, c);
          const type = physicalType(target, c);
          steps.push({
            kind: 'alterType', field: c.fieldName, text: `${c.fieldExplain}(${c.fieldDbName}) 类型 ${real.type} → ${wanted}${widening ? '（放宽）' : '（须逐行检查能否转换）'}`,
            sql: [compiled(compiler.schema.alterTable(table).alterColumn(c.fieldDbName, (a) => a.setDataType(sql`${type} using ${sql.ref(c.fieldDbName)}::${type}`)))],
            ...(widening ? {} : { convert: { column: c.fieldDbName, target: wanted } }),
          });
        }
        if (before && (before.defaultValue ?? null) !== (c.defaultValue ?? null)) {
          const value = defaultOf(c);
          steps.push({
            kind: 'setDefault', field: c.fieldName, text: `${c.fieldExplain}(${c.fieldDbName}) 默认值 → ${c.defaultValue ?? '无'}（只影响新行）`,
            sql: [compiled(compiler.schema.alterTable(table).alterColumn(c.fieldDbName, (a) => (value ? a.setDefault(value) : a.dropDefault())))],
          });
        }
      }
      if (pinyin.has(c.fieldName) && !have.has(pinyinColumnOf(c))) {
        steps.push({ kind: 'addColumn', field: c.fieldName, text: `加拼音首字母列 ${pinyinColumnOf(c)}（${c.fieldExplain} 可按拼音查找）`, sql: [compiled(compiler.schema.alterTable(table).addColumn(pinyinColumnOf(c), 'varchar(400)'))] });
      }
      // a column that was unique before keeps what it had (the engine checks uniqueness on every write); a new unique flag gets its index
      if (c.unique && !before?.unique && !catalogue.indexes.includes(indexName(table, c.fieldDbName, 'uniq_idx'))) steps.push(uniqueStep(c, true));
      if (before && before.fieldExplain !== c.fieldExplain) steps.push({ kind: 'label', field: c.fieldName, text: `${c.fieldDbName} 的名称 ${before.fieldExplain} → ${c.fieldExplain}（列名不变）`, sql: [] });
      else if (before && servedBy.has(c.fieldDbName) && !sameColumns(before, c) && !steps.some((s) => s.field === c.fieldName)) {
        steps.push({ kind: 'metadata', field: c.fieldName, text: `${c.fieldExplain}(${c.fieldDbName}) 的属性变化（不改表）`, sql: [] });
      }
    }
    for (const c of served?.columns ?? []) {
      if (target.columns.some((x) => x.fieldDbName === c.fieldDbName)) continue;
      if (have.has(c.fieldDbName)) {
        steps.push({ kind: 'tombstone', field: c.fieldName, text: `删除字段 ${c.fieldExplain}(${c.fieldDbName})：隐藏并保留列与数据，可恢复`, sql: [] });
        tombstones = [...tombstones.filter((t) => t.fieldDbName !== c.fieldDbName), c];
      } else {
        drift.push({ field: c.fieldName, problem: `列 ${c.fieldDbName} 在数据库中不存在` });
      }
    }
    const known = new Set([...target.columns, ...tombstones].map((c) => c.fieldDbName));
    const shadows = new Set([...target.columns, ...tombstones].map(pinyinColumnOf));
    for (const real of catalogue.columns) {
      if (known.has(real.name) || SYSTEM_DB_COLUMNS.has(real.name) || shadows.has(real.name)) continue;
      const adopted = columnFromCatalogue(real);
      drift.push({ field: adopted.fieldName, problem: `数据库中有元数据之外的列 ${real.name}（${real.type}）` });
      steps.push({ kind: 'adopt', field: adopted.fieldName, text: `把列 ${real.name}（${real.type}）记为已删除字段（保留数据，可恢复）`, sql: [] });
      tombstones = [...tombstones, adopted];
    }
    const legacyParent = parentColumn && /^numeric/.test(have.get(parentColumn)?.type ?? '');
    if (parentColumn && !legacyParent && !catalogue.constraints.includes(foreignKeyName)) {
      if (served) drift.push({ field: target.parentKey!, problem: `外键 ${foreignKeyName} 在数据库中不存在` });
      steps.push(foreignKeyStep(true));
    }
  }
  if (served && served.tableExplain !== target.tableExplain) steps.push({ kind: 'label', text: `表名称 ${served.tableExplain} → ${target.tableExplain}（表名不变）`, sql: [] });
  else if (served && steps.length === 0 && JSON.stringify(served) !== JSON.stringify(target)) steps.push({ kind: 'metadata', text: '数据源属性变化（不改表）', sql: [] });
  const hash = crypto.createHash('sha256').update(JSON.stringify({ target, tombstones, steps })).digest('hex');
  return { tableName: table, steps, drift, tombstones, hash };
}

/** The DDL text of a plan, one statement a line (what the operation log keeps). */
export function planText(plan: Plan): string {
  return plan.steps.flatMap((s) => s.sql).map((s) => `${s};`).join('\n');
}
