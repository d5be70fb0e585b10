import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allPermissions, loadPermissions } from '../auth/permissions';
import { isPreview, narrowToPreview, ownRoutePermission, PREVIEW_HEADER, previewPermissions } from '../templates/preview-token';
import { AppError, MESSAGES, forbidden, unauthorized } from './app-error';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * Every route needs a valid access token unless its config says `public`; a route that names a
 * `permission` also needs that key (the admin flag is the only bypass). Checked when the request
 * arrives, before its body is read and validated: a caller who may not use a route learns nothing
 * about what it accepts (a 401 or 403, never a 400 about the body).
 */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('permissionSet', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { _perms?: Promise<Set<string>> };
    if (!cache._perms) {
      const auth = this.auth;
      cache._perms = !auth ? Promise.resolve(new Set<string>())
        : isPreview(auth) ? previewPermissions(app.svc.db, auth, auth.preview)
        : auth.admin ? allPermissions(app.svc.db)
        : loadPermissions(app.svc.db, auth.userId, auth.orgId);
    }
    return cache._perms;
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const url = request.routeOptions.url;
    // The built UI's files are public; every API route is signed-in unless it says otherwise.
    if (!url || !url.startsWith('/api/') || config.public) return;
    const token = bearer(request);
    if (!token) throw unauthorized();
    request.auth = await app.svc.sessions.authenticate(token);
    // an initial or reset password is changed before anything else is done with the session
    if (!request.auth.passwordSafe && !config.beforePasswordChange) throw new AppError(403, MESSAGES.pwdUnsafe, 'PWD_UNSAFE');
    // a preview token (header) narrows this session: read-only, the chosen organisation, the role's rights at most
    const preview = request.headers[PREVIEW_HEADER];
    if (typeof preview === 'string' && preview) {
      const narrowed = await narrowToPreview(app.svc.db, request, request.auth, preview, app.svc.clock());
      request.auth = narrowed;
      const own = isPreview(narrowed) ? await ownRoutePermission(app.svc.db, request, narrowed) : undefined;
      if (own !== undefined) {
        if (!own) throw forbidden(undefined, config.permission);
        return;
      }
    }
    if (config.permission && !request.auth.admin) {
      const permissions = await request.permissionSet();
      if (!permissions.has(config.permission)) throw forbidden(undefined, config.permission);
    }
  });
}

/** For handlers of signed-in routes: the caller, never null there. */
export function caller(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
