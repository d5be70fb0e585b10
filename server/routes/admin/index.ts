import type { FastifyInstance } from 'fastify';

/** Administration: users, roles, organisations, groups, menus, online users, logs. */
export async function adminRoutes(_app: FastifyInstance): Promise<void> {}
