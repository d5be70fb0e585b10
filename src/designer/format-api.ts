import type { RuntimeServices } from '../runtime';
import type { FormatType, Template } from '../schema/template';
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

export const fetchDraft = (request: Request, id: number) =>
  request<DraftRecord>({ url: `/optimus_prime/cg-format/draft/${id}` });

/** 保存: a stale version answers 409 (the caller keeps the edits on screen). */
export const saveDraft = (request: Request, id: number, version: number, draft: Template) =>
  request<{ version: number; changed: boolean }>({ method: 'PUT', url: `/optimus_prime/cg-format/draft/${id}`, body: { version, draft } });

export const publishDraft = (request: Request, id: number, version: number) =>
  request<{ version: number; publishedAt: string | null; publishedBy: string | null; changed: boolean }>({ method: 'POST', url: `/optimus_prime/cg-format/publish/${id}`, body: { version } });

/** How the screens name the template kinds. */
export const FORMAT_TYPE_LABELS: Record<FormatType, string> = { LIST: '列表', FORM: '表单', SEARCH: '查询', RESOURCE: '弹窗', DETAIL: '详情' };

/** The HTTP status of a failed call, when the host's error carries one. */
export const statusOf = (error: unknown): number | null => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
};
