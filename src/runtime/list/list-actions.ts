import type { TemplateButton } from '../../schema/template';

/** The data-route base of a list template: `/measure/mm-pu-weigh/list` → `/measure/mm-pu-weigh`. */
export function resourceBase(resUrl: string): string {
  return resUrl.replace(/\/(v2\/)?list$/, '');
}

/** Lifecycle actions a list button runs on the selected rows, with their confirmation (spec 000 §5). */
export const ROW_ACTIONS: Record<string, { method: 'POST' | 'DELETE'; path: string; confirm?: string; success: string; perRow?: boolean }> = {
  del: { method: 'DELETE', path: 'deletes', confirm: '此操作将永久删除该数据, 是否继续?', success: '删除成功' },
  obsolete: { method: 'POST', path: 'obsolete', confirm: '此操作将作废该数据, 是否继续?', success: '作废成功' },
  audit: { method: 'POST', path: 'audit', success: '审核成功' },
  mulAudit: { method: 'POST', path: 'mulAudit', success: '审核成功' },
  mulInit: { method: 'POST', path: 'mulInit', success: '弃审成功' },
  recover: { method: 'POST', path: 'recover', success: '恢复成功' },
  enable: { method: 'POST', path: 'enable', success: '启用成功' },
  disable: { method: 'POST', path: 'disable', success: '停用成功' },
  /** Online users: one call per selected session (`forceOut/{id}`). */
  forceOut: { method: 'POST', path: 'forceOut', confirm: '确定将所选用户强制下线吗?', success: '已强制下线', perRow: true },
};

/** What a button needs selected before it runs. */
export function selectionProblem(button: TemplateButton, selected: number): string | null {
  if (button.action === 'del' && selected === 0) return '请选择要删除的数据';
  if (ROW_ACTIONS[button.action] && selected === 0) return '请至少选择一条数据！';
  const single = button.action === 'edit' || button.action === 'copy' || button.action === 'view' || button.action === 'pics' || button.action === 'perm';
  if (single && selected === 0) return '请选择一条数据！';
  if (single && selected > 1) return '只能选择一条数据！';
  return null;
}
