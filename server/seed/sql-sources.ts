import type { Kysely } from 'kysely';
import type { SqlParamDecl } from '../../src/schema/sql-params';
import type { FieldDefinition } from '../../src/schema/field-definition';
import type { ReportChart } from '../../src/schema/report-chart';
import type { Template } from '../../src/schema/template';
import { checkTemplate } from '../templates/template-check';
import { sqlSourceDefinition, sqlSourceListUrl } from '../sql/definitions';
import { canonical } from './admin-templates';
import type { DB } from '../db/schema';

/** A SQL data source the platform ships with (the reports a weighbridge manager asks for first). */
interface BuiltinSqlSource {
  code: string;
  name: string;
  description: string;
  sqlText: string;
  params: SqlParamDecl[];
  /** What the statement answers (checked against a real run by tests/server/sql-source.test.ts). */
  resultColumns: { name: string; type: string; oid: number }[];
}

const DATE = { type: 'date', oid: 1082 };
const CHAR = { type: 'character varying', oid: 1043 };
const TEXT = { type: 'text', oid: 25 };
const BIGINT = { type: 'bigint', oid: 20 };
const NUMERIC = { type: 'numeric', oid: 1700 };

const RANGE: SqlParamDecl[] = [
  { name: 'startDate', type: 'date', label: '开始日期', defaultValue: null },
  { name: 'endDate', type: 'date', label: '结束日期', defaultValue: null },
];

export const BUILTIN_SQL_SOURCES: BuiltinSqlSource[] = [
  {
    code: 'rpt_daily_weigh',
    name: '日报',
    description: '采购过磅按日、物料汇总：车次、毛重、皮重、净重、扣重（吨）',
    sqlText: `select date_trunc('day', w.gross_time)::date as day,
       w.material_name as material,
       count(*) as trucks,
       sum(w.gross) as gross,
       sum(w.tare) as tare,
       sum(w.net) as net,
       sum(w.deduct) as deduct
from mm_pu_weigh w
where w.gross_time is not null
  and (:startDate is null or w.gross_time >= :startDate)
  and (:endDate is null or w.gross_time < :endDate + 1)
group by 1, 2
order by 1 desc, 2`,
    params: RANGE,
    resultColumns: [
      { name: 'day', ...DATE }, { name: 'material', ...CHAR }, { name: 'trucks', ...BIGINT },
      { name: 'gross', ...NUMERIC }, { name: 'tare', ...NUMERIC }, { name: 'net', ...NUMERIC }, { name: 'deduct', ...NUMERIC },
    ],
  },
  {
    code: 'rpt_vendor_monthly',
    name: '供应商月度汇总',
    description: '采购过磅按供应商、月份汇总：车次、净重（吨）、结算金额（元，来自采购结算明细）',
    sqlText: `select w.vendor_name as vendor,
       to_char(w.gross_time, 'YYYY-MM') as month,
       count(*) as trucks,
       sum(w.net) as net,
       coalesce(sum(s.amount), 0) as amount
from mm_pu_weigh w
left join (select bill_code, sum(amount) as amount from fd_pu_settlement group by bill_code) s on s.bill_code = w.bill_code
where w.gross_time is not null
  and (:startDate is null or w.gross_time >= :startDate)
  and (:endDate is null or w.gross_time < :endDate + 1)
group by 1, 2
order by 2 desc, 1`,
    params: RANGE,
    resultColumns: [
      { name: 'vendor', ...CHAR }, { name: 'month', ...TEXT }, { name: 'trucks', ...BIGINT }, { name: 'net', ...NUMERIC }, { name: 'amount', ...NUMERIC },
    ],
  },
];

/** Adds the built-in SQL sources that are missing (an administrator's edits of them are kept). */
export async function ensureBuiltinSqlSources(db: Kysely<DB>): Promise<void> {
  for (const s of BUILTIN_SQL_SOURCES) {
    await db.insertInto('cgSqlSource').values({
      code: s.code, name: s.name, description: s.description, sqlText: s.sqlText, params: JSON.stringify(s.params), resultColumns: JSON.stringify(s.resultColumns),
    }).onConflict((oc) => oc.column('code').doNothing()).execute();
  }
}

/** A seeded 动态报表: a LIST template over a built-in SQL source, its chart, and its menu entry (menu-data REPORT_MENUS). */
interface BuiltinReport { code: string; menuUuid: string; labels: Record<string, string>; totals: string[]; quick: string[]; chart: ReportChart }

export const BUILTIN_REPORTS: BuiltinReport[] = [
  {
    code: 'rpt_daily_weigh', menuUuid: 'rpt_daily_weigh',
    labels: { day: '日期', material: '物料', trucks: '车次', gross: '毛重(吨)', tare: '皮重(吨)', net: '净重(吨)', deduct: '扣重(吨)' },
    totals: ['trucks', 'gross', 'tare', 'net', 'deduct'], quick: ['material'],
    chart: { type: 'bar', x: 'day', y: ['net'], title: '每日净重（吨）' },
  },
  {
    code: 'rpt_vendor_monthly', menuUuid: 'rpt_vendor_monthly',
    labels: { vendor: '供应商', month: '月份', trucks: '车次', net: '净重(吨)', amount: '结算金额(元)' },
    totals: ['trucks', 'net', 'amount'], quick: ['vendor', 'month'],
    chart: { type: 'pie', x: 'vendor', y: ['net'], title: '各供应商净重（吨）' },
  },
];

/** The LIST template of a seeded report (checked like any template, against the source's columns). */
export function reportTemplate(report: BuiltinReport): Template {
  const source = BUILTIN_SQL_SOURCES.find((s) => s.code === report.code)!;
  const fields: FieldDefinition[] = source.resultColumns.map((c, i) => {
    const numeric = c.type === 'numeric' || c.type === 'bigint';
    return {
      fieldName: c.name, fieldExplain: report.labels[c.name] ?? c.name, customTable: source.code, seq: (i + 1) * 10,
      fieldType: c.type === 'date' ? 'DATE' : numeric ? 'NUMBER' : 'TEXT', ishow: true, isortField: true,
      iallowQuery: report.quick.includes(c.name), iallowAdvanceQuery: true, itotal: report.totals.includes(c.name),
      detailsUrl: c.type === 'date' ? 'TIME_RANGE_BOX' : numeric ? 'NUMBER' : null,
      cgValFormat: c.type === 'numeric' ? { valFormatFun: 'fixed3' } : c.type === 'date' ? { valFormatFun: 'date' } : null,
    } as FieldDefinition;
  });
  const template: Template = {
    formatName: source.name, formatCode: `${source.code}_list`, formatType: 'LIST', formatStyle: 'FORMAT_LIST', customTable: source.code,
    resUrl: sqlSourceListUrl(source.code), resMethod: 'POST', ps: 20,
    buttons: [{ code: 'export', label: '导出', action: 'export', permission: `${report.menuUuid}_export`, seq: 0 }],
    listSubList: fields, chart: report.chart,
  };
  return checkTemplate(template, (t) => (t === source.code ? sqlSourceDefinition(source) : undefined));
}

/** Publishes the seeded reports' templates that are missing (one still as the seed left it is brought up to date). */
export async function ensureBuiltinReports(db: Kysely<DB>): Promise<void> {
  for (const report of BUILTIN_REPORTS) {
    const template = reportTemplate(report);
    const json = JSON.stringify(template);
    const exists = await db.selectFrom('cgFormat').select(['id', 'draft', 'published', 'publishedBy']).where('formatCode', '=', template.formatCode).executeTakeFirst();
    if (exists) {
      const untouched = exists.publishedBy === 'seed' && canonical(exists.draft) === canonical(exists.published);
      if (untouched && canonical(exists.published) !== canonical(template)) {
        await db.updateTable('cgFormat').set({ draft: json, published: json, publishedAt: new Date() }).where('id', '=', exists.id).execute();
      }
      continue;
    }
    await db.insertInto('cgFormat').values({
      formatCode: template.formatCode, formatName: template.formatName, formatType: 'LIST', customTable: report.code,
      menuUuid: report.menuUuid, draft: json, published: json, publishedAt: new Date(), publishedBy: 'seed',
    }).execute();
  }
}
