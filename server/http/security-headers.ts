import type { FastifyInstance } from 'fastify';

/**
 * Browser headers on every answer (UI pages, assets, API, errors), set when the request arrives so
 * that even a refusal from an early hook carries them.
 *
 * - Scripts only from our origin, never inline or eval'd: the built index.html has no inline script,
 *   Monaco and its worker are bundled files (`worker-src 'self' blob:` for the worker).
 * - `style-src 'unsafe-inline'`: antd v5 writes its CSS-in-JS into style elements at run time.
 * - `img-src data: blob:`: antd's and Monaco's inline SVG images, previews of pictures being uploaded.
 * - `frame-src`: the /myiframe/* pages show the external address of a menu entry; which sites they
 *   may show is `FRAME_SOURCES` (default any http/https site, as the menu's addresses are data).
 * - Nobody frames us (`frame-ancestors 'none'` and `X-Frame-Options: DENY`).
 */
export function registerSecurityHeaders(app: FastifyInstance, frameSources: string): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    `frame-src ${frameSources}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-content-type-options', 'nosniff');
  });
}
