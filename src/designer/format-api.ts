import type { RuntimeServices } from '../runtime';
import type { FormatType, Template } from '../schema/template';
import type { DiffEntry } from '../schema/template-diff';
import type { DraftRecord } from './engine/attribute-draft';

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

/** How the screens name the template kinds. */
export const FORMAT_TYPE_LABELS: Record<FormatType, string> = { LIST: '列表', FORM: '表单', SEARCH: '查询', RESOURCE: '弹窗', DETAIL: '详情' };

/** The HTTP status of a failed call, when the host's error carries one. */
export const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};
