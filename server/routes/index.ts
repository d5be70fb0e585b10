import type { FastifyInstance } from 'fastify';
import { exportRoutes } from '../resources/export-route';
import { listRoutes } from '../resources/list-route';
import { plateRoutes } from '../resources/plate-route';
import { treeRoutes } from '../resources/tree-route';
import { writeRoutes } from '../resources/write-routes';
import { formatRoutes } from '../templates/format-routes';
import { templateRoutes } from '../templates/routes';
import { adminRoutes } from './admin';
import { fileRoutes } from './files';
import { healthRoutes } from './health';
import { oauthRoutes } from './oauth';
import { orgSwitchRoutes } from './org-switch';
import { passwordRoutes } from './password';
import { homeIndexRoutes } from './home-index';
import { selfServiceRoutes } from './self-service';
import { settingRoutes } from './settings';
import { sysLogRoutes } from './sys-log';
import { userMenuRoutes } from './user-menus';
import { sysInfoRoutes } from './sys-info';
import { sysMenuRoutes } from './sys-menu';

/** Every API area, mounted under /api. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(oauthRoutes);
  await app.register(sysInfoRoutes);
  await app.register(sysMenuRoutes);
  await app.register(orgSwitchRoutes);
  await app.register(passwordRoutes);
  await app.register(settingRoutes);
  await app.register(userMenuRoutes);
  await app.register(homeIndexRoutes);
  await app.register(sysLogRoutes);
  await app.register(selfServiceRoutes);
  await app.register(adminRoutes);
  await app.register(fileRoutes);
  await app.register(plateRoutes);
  await app.register(treeRoutes);
  await app.register(listRoutes);
  await app.register(exportRoutes);
  await app.register(writeRoutes);
  await app.register(templateRoutes);
  await app.register(formatRoutes);
}
