import { editRefusal } from '../../schema/document-status';
import type { TemplateButton } from '../../schema/template';

/** The data-route base of a list template: `/measure/mm-pu-weigh/list` → `/measure/mm-pu-weigh`. */
export function resourceBase(resUrl: string): string {
  return resUrl.replace(/\/(v2\/)?list$/, '');
}

/** Lifecycle actions a list button runs on the selected rows, with their confirmation (spec 000 §5). */
export const ROW_ACTIONS: Record<string, { method: 'POST' | 'DELETE'; path: string; confirm?: string; success: string; perRow?: boolean; noSelection?: boolean }> = {
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
  // 化验组 (spec 001 §4): 结束分组, 结束取样 / 取消结束取样, 申请复检 → 处理 → 取消处理
  endGroup: { method: 'POST', path: 'endGroup', confirm: '结束分组后将收集期间内的样车, 是否继续?', success: '结束分组成功' },
  endSample: { method: 'POST', path: 'endSample', success: '结束取样成功' },
  cancelEndSample: { method: 'POST', path: 'cancelEndSample', success: '取消结束取样成功' },
  applyRecheck: { method: 'POST', path: 'applyRecheck', confirm: '确定申请复检吗?', success: '申请复检成功' },
  handleRecheck: { method: 'POST', path: 'handleRecheck', success: '处理成功' },
  cancelHandle: { method: 'POST', path: 'cancelHandle', success: '取消处理成功' },
  /** 编码规则: the default rule of every document type the organisation has none for (no selection). */
  auto: { method: 'POST', path: 'auto', confirm: '为还没有编码规则的单据类型生成默认规则?', success: '已生成默认编码规则', noSelection: true },
};

/**
 * What a button needs selected before it runs, and what the selected rows must allow: 修改 needs one
 * row that may still be changed (an audited document is refused up front, as the server would).
 */
export function selectionProblem(button: TemplateButton, rows: readonly Record<string, unknown>[]): string | null {
  const selected = rows.length;
  if (button.action === 'del' && selected === 0) return '请选择要删除的数据';
  if (ROW_ACTIONS[button.action] && !ROW_ACTIONS[button.action].noSelection && selected === 0) return '请至少选择一条数据！';
  const single = button.action === 'edit' || button.action === 'copy' || button.action === 'view' || button.action === 'pics' || button.action === 'perm' || button.action === 'weighCorrect';
  if (single && selected === 0) return '请选择一条数据！';
  if (single && selected > 1) return '只能选择一条数据！';
  if (button.action === 'edit') return editRefusal(rows[0].status);
  return null;
}
