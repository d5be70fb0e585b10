import type { RuntimeServices } from '../runtime';
import type { FormatType, Template } from '../schema/template';
import type { DiffEntry } from '../schema/template-diff';
import type { DraftRecord } from './engine/attribute-draft';
import { FORMAT_LIST_DESIGN_PATH, FORMAT_PICKER_DESIGN_PATH } from './list/paths';

/** The calls of 模板设计, through the host's request layer (it shows failures unless `quiet`). */

type Request = RuntimeServices['request'];

/** A stored template as the list shows it. */
export interface FormatRow {
  id: number;
  formatCode: string;
  formatName: string;
  formatType: FormatType;
  customTable: string | null;
  menuTitle: string | null;
  publishedAt: string | null;
  publishedBy: string | null;
  updatedAt: string;
  /** The draft differs from the published template. */
  changed: boolean;
  /** Never published. */
  unpublished: boolean;
}

export interface FormatQuery { formatName?: string; formatCode?: string; formatType?: FormatType; pn: number; ps: number }

export const FORMAT_SUB_PATH = '/custom/format/form/sub';

export const fetchFormats = (request: Request, query: FormatQuery) =>
  request<{ list: FormatRow[]; total: number }>({ url: '/optimus_prime/cg-format/list', query: { ...query } });

/** A template's draft; `quiet`: a failure (a 404 for an id that names none) is the caller's to show. */
export const fetchDraft = (request: Request, id: number, quiet = false) =>
  request<DraftRecord>({ url: `/optimus_prime/cg-format/draft/${id}`, ...(quiet ? { quiet } : {}) });

/** 保存: a stale version answers 409 (the caller keeps the edits on screen). */
export const saveDraft = (request: Request, id: number, version: number, draft: Template) =>
  request<{ version: number; changed: boolean }>({ method: 'PUT', url: `/optimus_prime/cg-format/draft/${id}`, body: { version, draft } });

export const publishDraft = (request: Request, id: number, version: number) =>
  request<{ version: number; publishedAt: string | null; publishedBy: string | null; changed: boolean }>({ method: 'POST', url: `/optimus_prime/cg-format/publish/${id}`, body: { version } });

/** A published version of a template (版本). */
export interface FormatVersion { versionNo: number; contentHash: string; author: string; note: string | null; rollbackOf: number | null; createdAt: string }

export const fetchVersions = (request: Request, id: number) =>
  request<{ list: FormatVersion[]; changed: boolean }>({ url: `/optimus_prime/cg-format/versions/${id}` });

/** The field-level diff between two versions, or a version and the draft (`'draft'`). */
export const fetchDiff = (request: Request, id: number, from: number | 'draft', to: number | 'draft') =>
  request<{ entries: DiffEntry[] }>({ url: `/optimus_prime/cg-format/diff/${id}`, query: { from: String(from), to: String(to) } });

/** 回滚: version n published again as the next number; `version` is the draft's revision. */
export const rollbackVersion = (request: Request, id: number, n: number, version: number) =>
  request<{ versionNo: number; contentHash: string; rollbackOf: number; version: number }>({ method: 'POST', url: `/optimus_prime/cg-format/rollback/${id}/${n}`, body: { version } });

/** 复制: the draft copied as a new unpublished template; a taken or malformed code is a 400 on `formatCode`. */
export const copyFormat = (request: Request, id: number, body: { formatCode: string; formatName: string }) =>
  request<{ id: number; formatCode: string; version: number }>({ method: 'POST', url: `/optimus_prime/cg-format/copy/${id}`, body, quiet: true });

/** 导出: the server's canonical JSON file (`{formatCode}.json`), byte for byte. */
export const exportFormat = (download: RuntimeServices['download'], id: number) =>
  download({ url: `/optimus_prime/cg-format/export/${id}` });

/**
 * 导入: a new code makes a new unpublished template (`created`); an existing one has its draft
 * replaced only with that draft's `version`. Refusals (400 naming `template.<path>`, 409) are the caller's to show.
 */
export const importFormat = (request: Request, template: unknown, version?: number) =>
  request<{ id: number; formatCode: string; created: boolean; version: number }>({
    method: 'POST', url: '/optimus_prime/cg-format/import', body: version === undefined ? { template } : { template, version }, quiet: true,
  });

/** The stored template of exactly this code, if any (the list's code search matches a part). */
export async function formatByCode(request: Request, formatCode: string): Promise<FormatRow | null> {
  const { list } = await fetchFormats(request, { formatCode, pn: 1, ps: 100 });
  return list.find((r) => r.formatCode === formatCode) ?? null;
}

/** Where a template is designed: 列表设计, 弹窗设计, or the template-attribute page (with the form designer). */
export const designerPath = (row: Pick<FormatRow, 'id' | 'formatType'>): string =>
  `${row.formatType === 'LIST' ? FORMAT_LIST_DESIGN_PATH : row.formatType === 'RESOURCE' ? FORMAT_PICKER_DESIGN_PATH : FORMAT_SUB_PATH}?id=${row.id}`;

/**
 * How the screens name a template's own attributes (模板设计's columns and search, the template's head
 * in its designers, a problem an imported file has there).
 */
export const TEMPLATE_ATTRIBUTE_LABELS = { formatName: '模板名称', formatCode: '模板编码', formatType: '模板类型', customTable: '数据源' } as const;

/** How the screens name the template kinds. */
export const FORMAT_TYPE_LABELS: Record<FormatType, string> = { LIST: '列表', FORM: '表单', SEARCH: '查询', RESOURCE: '弹窗', DETAIL: '详情' };

/** The HTTP status of a failed call, when the host's error carries one. */
export const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};

/** A refusal as the server words it: its message and the field (and parser problem) it names, when it does. */
export function refusalOf(error: unknown): { message: string | null; field: string | null; problem: string | null } {
  const e = error as { message?: unknown; data?: { field?: unknown; problem?: unknown } | null } | null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  // only the server's own words: a network failure (status 0) or a programming error (none) is not shown raw
  const answered = (statusOf(error) ?? 0) > 0;
  return { message: answered ? text(e?.message) : null, field: answered ? text(e?.data?.field) : null, problem: answered ? text(e?.data?.problem) : null };
}
