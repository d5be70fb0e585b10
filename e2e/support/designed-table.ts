import type { Page } from '@playwright/test';
import { apiData } from './admin-api';

/**
 * A data source of its own for a designer test, made through the API as 数据源 makes it on screen
 * (e2e/datasource.spec.ts walks the screens): the table saved, planned and synced, its templates
 * generated, and (when asked) a menu entry under 采购业务 granted to 财务 with its buttons, so an
 * operator can open what the designer publishes. Names are unique per call.
 */

export interface DesignedTable {
  table: string; title: string; resource: string; module: string; urlPath: string | null;
  /** The generated templates' ids by kind. */
  ids: Record<'LIST' | 'FORM' | 'DETAIL' | 'RESOURCE', number>;
  /** The columns' field names (camel case) in their order, with their labels. */
  fields: { name: string; label: string; type: string }[];
}

interface MenuNode { id: number; title: string; uuid: string; urlPath: string | null; menuParentId: number | null; buttonUrls: { id: number }[]; children: MenuNode[] }

const walk = (nodes: MenuNode[], path: MenuNode[] = []): { node: MenuNode; path: MenuNode[] }[] =>
  nodes.flatMap((n) => [{ node: n, path }, ...walk(n.children, [...path, n])]);

/**
 * `treeParentField` (a column's field name) makes the table a tree: each row names its parent by the
 * first column's value, which is then unique.
 */
export async function designedTable(page: Page, prefix: string, columns: [label: string, db: string, type: 'CHAR' | 'NUMBER', scale?: number][], options: { menu: boolean; treeParentField?: string }): Promise<DesignedTable> {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const table = `${prefix}_${run}`;
  const title = `${prefix === 'tr_dv' ? '版本表单' : '版本'}${run}`;
  const created = await apiData<{ id: number }>(page, 'POST', '/optimus_prime/cg-custom-table/create', {
    tableName: table, tableExplain: title, kind: 'MASTER', ...(options.treeParentField ? { treeParentField: options.treeParentField } : {}),
    tableSubList: columns.map(([fieldExplain, fieldDbName, fieldType, scale], i) => ({
      fieldExplain, fieldDbName, fieldType, ...(i === 0 ? { required: true, ...(options.treeParentField ? { unique: true } : {}) } : {}), ...(scale === undefined ? {} : { scale }),
    })),
  });
  const plan = await apiData<{ hash: string }>(page, 'POST', `/optimus_prime/cg-custom-table/plan/${created.id}`);
  await apiData(page, 'POST', `/optimus_prime/cg-custom-table/sync/${created.id}`, { hash: plan.hash });
  const generated = await apiData<{ id: number; formatType: keyof DesignedTable['ids'] }[]>(page, 'POST', `/optimus_prime/cg-custom-table/generate-templates/${created.id}`);
  const ids = Object.fromEntries(generated.map((g) => [g.formatType, g.id])) as DesignedTable['ids'];
  const detail = await apiData<{ module: string; resource: string; tableSubList: { fieldName: string; fieldExplain: string; fieldType: string }[] }>(page, 'GET', `/optimus_prime/cg-custom-table/detail/${created.id}`);
  let urlPath: string | null = null;
  if (options.menu) {
    const tree = walk(await apiData<MenuNode[]>(page, 'GET', '/sys-menu/list'));
    const parent = tree.find((t) => t.node.title === '采购业务')!;
    const allotted = await apiData<{ menuId: number; urlPath: string }>(page, 'POST', `/optimus_prime/cg-custom-table/allot-menu/${created.id}`, { parentId: parent.node.id });
    urlPath = allotted.urlPath;
    const menu = walk(await apiData<MenuNode[]>(page, 'GET', '/sys-menu/list')).find((t) => t.node.id === allotted.menuId)!;
    const roles = await apiData<{ list: { id: number; roleName: string }[] }>(page, 'POST', '/sys-role/list', { limit: { pn: 1, ps: 100 } });
    const finance = roles.list.find((r) => r.roleName === '财务')!;
    const granted = await apiData<number[]>(page, 'GET', `/sys-role/menu/${finance.id}`);
    const wanted = [...granted, ...menu.path.map((p) => p.id), menu.node.id, ...menu.node.buttonUrls.map((b) => b.id)];
    await apiData(page, 'PUT', '/sys-role/menu', { roleId: finance.id, menuIds: [...new Set(wanted)] });
  }
  return {
    table, title, resource: detail.resource, module: detail.module, urlPath, ids,
    fields: detail.tableSubList.map((c) => ({ name: c.fieldName, label: c.fieldExplain, type: c.fieldType })),
  };
}

/** Publishes a template's draft through the API (the templates a walk does not look at). */
export async function publish(page: Page, id: number, note: string): Promise<number> {
  const { version } = await apiData<{ version: number }>(page, 'GET', `/optimus_prime/cg-format/draft/${id}`);
  return (await apiData<{ versionNo: number }>(page, 'POST', `/optimus_prime/cg-format/publish/${id}`, { version, note })).versionNo;
}
