import type { FastifyInstance } from 'fastify';
import { allotRoutes } from './allot-routes';
import { configRoutes } from './config-routes';
import { sqlReportRoutes } from '../sql/report-routes';
import { sqlSourceRoutes } from '../sql/routes';
import { tableRoutes } from './table-routes';

/** 数据源 (配置中心 → 数据源): the configuration family under /api/optimus_prime/. */
export async function datasourceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(configRoutes);
  await app.register(tableRoutes);
  await app.register(allotRoutes);
  await app.register(sqlSourceRoutes);
  await app.register(sqlReportRoutes);
}
