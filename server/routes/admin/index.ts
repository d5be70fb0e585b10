import type { FastifyInstance } from 'fastify';
import { logAdminRoutes } from './logs';
import { menuAdminRoutes } from './menus';
import { onlineAdminRoutes } from './online';
import { orgGroupAdminRoutes } from './orgs-groups';
import { roleAdminRoutes } from './roles';
import { settingAdminRoutes } from './settings';
import { userCredentialRoutes } from './user-credentials';
import { userAdminRoutes } from './users';
import { warnNoticeRoutes } from './warn-notices';

/** Administration: users, roles, organisations, groups, menus, online users, logs, settings, warning recipients. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(userAdminRoutes);
  await app.register(userCredentialRoutes);
  await app.register(roleAdminRoutes);
  await app.register(orgGroupAdminRoutes);
  await app.register(menuAdminRoutes);
  await app.register(onlineAdminRoutes);
  await app.register(logAdminRoutes);
  await app.register(settingAdminRoutes);
  await app.register(warnNoticeRoutes);
}
