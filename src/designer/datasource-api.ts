import type { RuntimeServices } from '../runtime';
import type { ColumnType, ResourceColumn } from '../schema/resource';
import { FIELD_TYPE_LABELS } from '../schema/field-definition';

/** The calls of 数据源 (`/custom/table`), through the host's request layer. */

type Request = RuntimeServices['request'];
const BASE = '/optimus_prime/cg-custom-table';

/** A data source as its list shows it. */
export interface TableRow {
  id: number; version: number; tableName: string; tableExplain: string; module: string; resource: string; scope: 'ORG' | 'GROUP';
  kind: 'MASTER' | 'DOCUMENT' | 'LINE'; parentTable: string | null; parentKey: string | null; customTypeId: number | null;
  syncedAt: string | null; pending: boolean; columnCount: number; tombstoneCount: number;
}
export type ColumnDraft = Partial<ResourceColumn> & { fieldDbName: string; fieldType: ColumnType; fieldExplain: string };
export interface TableDetail extends Omit<TableRow, 'columnCount' | 'tombstoneCount'> {
  tableSubList: ColumnDraft[]; tombstones: ColumnDraft[]; drift: { field: string; problem: string }[];
}
export interface PlanStep { kind: string; field?: string; text: string; sql: string[] }
export interface Plan {
  hash: string; ddl: string; steps: PlanStep[]; drift: { field: string; problem: string }[];
  blocked: { field: string; problem: string; count: number; samples: { id: number; value: string | null }[] }[];
}
export interface EnumRow { id: number; version: number; enumCode: string; enumName: string; enumDescribe: string | null; items: { itemValue: string; itemLabel: string; color: string | null; seq: number }[] }
export interface RuleRow { id: number; version: number; validateName: string; validateMethod: string; validateTitle: string }
export interface TypeRow { id: number; version: number; typeCode: string; typeName: string; description: string | null }
export interface ValFormatRow { valFormatFun: string; label: string; sample: string | number; preview: string }

export const KIND_LABELS: Record<TableRow['kind'], string> = { MASTER: '档案', DOCUMENT: '单据', LINE: '明细表' };
export const TYPE_LABELS: Record<ColumnType, string> = FIELD_TYPE_LABELS;

export const fetchTables = (request: Request, keyword?: string) =>
  request<{ list: TableRow[]; total: number }>({ method: 'POST', url: `${BASE}/list`, body: { keyword, limit: { pn: 1, ps: 500 } } });
export const fetchTable = (request: Request, id: number) => request<TableDetail>({ url: `${BASE}/detail/${id}` });
export const saveTable = (request: Request, body: Record<string, unknown>, id?: number) =>
  request<{ id: number; version: number }>(id ? { method: 'PUT', url: `${BASE}/update`, body: { ...body, id } } : { method: 'POST', url: `${BASE}/create`, body });
export const fetchPlan = (request: Request, id: number) => request<Plan>({ method: 'POST', url: `${BASE}/plan/${id}` });
export const syncTable = (request: Request, id: number, hash: string) =>
  request<{ ddl: string; steps: string[] }>({ method: 'POST', url: `${BASE}/sync/${id}`, body: { hash } });
export const generateTemplates = (request: Request, id: number) =>
  request<{ id: number; formatType: string; formatCode: string; formatName: string }[]>({ method: 'POST', url: `${BASE}/generate-templates/${id}` });
export const allotMenu = (request: Request, id: number, parentId: number) =>
  request<{ menuId: number; urlPath: string }>({ method: 'POST', url: `${BASE}/allot-menu/${id}`, body: { parentId } });
export const deleteTable = (request: Request, id: number) => request<null>({ method: 'DELETE', url: `${BASE}/deletes`, body: { ids: [id] } });
export const purgeColumn = (request: Request, id: number, fieldDbName: string, confirmRows?: number) =>
  request<{ rows: number }>({ method: 'POST', url: `${BASE}/purge-column/${id}`, body: { fieldDbName, confirmRows }, quiet: true });

export const fetchEnums = (request: Request) => request<{ list: EnumRow[]; total: number }>({ method: 'POST', url: '/optimus_prime/cg-custom-enum/list', body: { limit: { pn: 1, ps: 500 } } });
export const fetchRules = (request: Request) => request<{ list: RuleRow[]; total: number }>({ method: 'POST', url: '/optimus_prime/cg-validate/list', body: { limit: { pn: 1, ps: 500 } } });
export const fetchTypes = (request: Request) => request<{ list: TypeRow[]; total: number }>({ method: 'POST', url: '/optimus_prime/cg-custom-type/list', body: { limit: { pn: 1, ps: 500 } } });
export const fetchValFormats = (request: Request) => request<{ list: ValFormatRow[]; total: number }>({ url: '/optimus_prime/cg-val-format/list' });
