/** A route path with its numeric segments replaced by :id (the `path` header of spec 000 §7.1). */
export function normalizeRoutePath(path: string): string {
  const clean = path.split('?')[0].split('#')[0] || '/';
  return clean.split('/').map((segment) => (/^\d+$/.test(segment) ? ':id' : segment)).join('/');
}

export interface HeaderInput {
  token?: string | null;
  tenantId?: string | number | null;
  routePath: string;
  /** Send the Authorization header (default true). */
  auth?: boolean;
  /** A list call adds UrlSource: RES. */
  list?: boolean;
}

/** The headers every request carries (spec 000 §7.1). */
export function buildHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    login_type: 'WEB',
    'Access-Ajax': '1',
    path: encodeURI(normalizeRoutePath(input.routePath)),
  };
  if (input.auth !== false && input.token) headers.Authorization = `Bearer ${input.token}`;
  if (input.tenantId !== undefined && input.tenantId !== null && input.tenantId !== '') headers.TENANT_ID = String(input.tenantId);
  if (input.list) headers.UrlSource = 'RES';
  return headers;
}
