import type { FastifyRequest } from 'fastify';
import type { ResourceDefinition } from '../../src/schema/resource';
import { caller } from '../http/auth-hook';
import { AppError, forbidden } from '../http/app-error';

/** Lifecycle and page actions whose permission key is `{prefix}_{action}`. */
export type ResourceAction = 'view' | 'add' | 'edit' | 'del' | 'enable' | 'disable' | 'audit' | 'mulAudit' | 'mulInit' | 'obsolete' | 'recover' | 'copy' | 'export';

/** Refuses a caller without the resource's permission key for the action (the admin flag passes). */
export async function requireAction(request: FastifyRequest, def: ResourceDefinition, action: ResourceAction): Promise<void> {
  const auth = caller(request);
  if (auth.admin) return;
  const permissions = await request.permissionSet();
  const key = `${def.permissionPrefix}_${action}`;
  if (!permissions.has(key)) throw forbidden(undefined, key);
}

/** The organisation a row is read or written in: the caller's current one. */
export function currentOrg(request: FastifyRequest): number {
  const auth = caller(request);
  if (auth.orgId === null) throw new AppError(400, '请先选择当前公司', 'NO_ORG');
  return auth.orgId;
}
