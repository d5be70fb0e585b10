import type { RuntimeServices } from '../../runtime';
import type { FormatType, Template } from '../../schema/template';

type Request = RuntimeServices['request'];

/** The header a preview token travels in, next to the designer's own bearer token. */
export const PREVIEW_HEADER = 'X-Preview-Token';

export interface PreviewOptions {
  roles: { id: number; roleCode: string; roleName: string }[];
  orgs: { id: number; orgCode: string; orgName: string }[];
  currentOrg: number | null;
}

/** A started preview: its token and the permission keys it holds (the designer's AND the role's). */
export interface PreviewGrant {
  token: string; expiresAt: string; formatId: number; formatType: FormatType;
  role: { id: number; roleName: string }; org: { id: number; orgName: string }; permissions: string[];
}

/** What a dry run answers: the record and lines that would have been saved, and 0 rows written. */
export interface DryRunResult { saved: Record<string, unknown>; lines: { table: string; rows: Record<string, unknown>[] }[]; written: number }

export const fetchPreviewOptions = (request: Request) => request<PreviewOptions>({ url: '/optimus_prime/cg-format/preview-options' });

export const startPreview = (request: Request, formatId: number, roleId: number, orgId: number) =>
  request<PreviewGrant>({ method: 'POST', url: '/optimus_prime/cg-format/preview-token', body: { formatId, roleId, orgId } });

/** Calls made under a preview carry its token. */
export const withPreviewToken = (request: Request, token: string): Request =>
  (options) => request({ ...options, headers: { ...options.headers, [PREVIEW_HEADER]: token } });

/** The template's draft, read under the preview (the one template the token may read). */
export const fetchPreviewDraft = (request: Request, formatId: number) =>
  request<{ draft: Template; version: number }>({ url: `/optimus_prime/cg-format/draft/${formatId}` });

/** 提交 in preview: the server checks with the draft's rules, writes in a transaction it rolls back. */
export const dryRunSubmit = (request: Request, formatId: number, values: unknown) =>
  request<DryRunResult>({ method: 'POST', url: `/optimus_prime/cg-format/dry-run/${formatId}`, body: { values }, quiet: true });

/** One reference a publish would break (GET impact/{id}). */
export interface ImpactReference {
  kind: 'calculation' | 'sum' | 'picker' | 'param' | 'view-field' | 'column';
  formatId: number; formatCode: string; formatName: string; menuTitle: string | null; path: string; fieldName: string; message: string;
}
export interface Impact { removed: { key: string; label?: string }[]; references: ImpactReference[]; breaking: boolean }

export const fetchImpact = (request: Request, formatId: number) => request<Impact>({ url: `/optimus_prime/cg-format/impact/${formatId}` });

/** 发布 with its note; `version` is the draft's revision (stale: 409). */
export const publishWithNote = (request: Request, formatId: number, version: number, note: string) =>
  request<{ version: number; publishedAt: string | null; publishedBy: string | null; changed: boolean; versionNo: number; contentHash: string }>({
    method: 'POST', url: `/optimus_prime/cg-format/publish/${formatId}`, body: { version, note: note.trim() || undefined },
  });
