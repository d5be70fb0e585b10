import { describe, expect, it } from 'vitest';
import { fromTemplate, type DesignDraft } from '../../schema/design-nodes';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import type { Command } from './commands';
import {
  SCOPES, canRedo, currentTemplate, execute, openDesigner, redo, replayHistory, takeEntries, undo,
  type DesignerState, type History, type HistoryEntry, type Outcome, type Scope,
} from './designer';

/** A form whose node ids hold snake_case table names, as the real ones do (`f:pu_contract.billCode`). */
const published = (): Template => parseTemplate({
  formatName: '采购合同', formatCode: 'contract_form', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD', customTable: 'pu_contract',
  formSubList: [
    { fieldName: 'billCode', fieldExplain: '合同编号', customTable: 'pu_contract' },
    { fieldName: 'vendorName', fieldExplain: '供应商', customTable: 'pu_contract' },
    { fieldName: 'amount', fieldExplain: '金额', customTable: 'pu_contract', fieldType: 'NUMBER' },
  ],
  childSubLists: [{ customTable: 'pu_contract_line', label: '合同明细', fields: [{ fieldName: 'materialName', fieldExplain: '物料' }] }],
});

/** A value as jsonb keeps it: object keys reordered (shorter first), as the server's history answers them. */
function asJsonb(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonb);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, asJsonb((value as Record<string, unknown>)[k])]));
}

/** The step the server records for a 回滚 (format-store.ts `recordReplacement`), from the stored draft before it to the version rolled back to. */
function rollbackStep(before: Template, after: Template): HistoryEntry {
  const a = fromTemplate(parseTemplate(JSON.parse(JSON.stringify(before))));
  const b = fromTemplate(after);
  return { action: 'do', step: { id: 'server-9-7', scope: 'canvas', label: '回滚到版本 1', patches: [{ op: 'replace', path: [], value: b }], inverse: [{ op: 'replace', path: [], value: a }], typing: null } };
}

const ok = (out: Outcome): DesignerState => {
  if (!out.ok) throw new Error(out.refusal.message);
  return out.state;
};
const run = (s: DesignerState, command: Command) => ok(execute(s, command));
const labels = (h: History, scope: Scope, stack: 'undo' | 'redo') => h[scope][stack].map((x) => x.label);
/** Every node kept under its own id (what the canvas looks a card's node up by). */
const keyedById = (d: DesignDraft) => Object.entries(d.nodes).every(([key, n]) => key === n.id);

describe('a draft replaced by the server (回滚, 导入, 属性配置) in the designer\'s history', () => {
  /** Two designer steps (one per scope) saved, then a 回滚 recorded by the server, the page reloaded. */
  function rolledBack() {
    const start = openDesigner(published(), [], 'a');
    const moved = run(start, { type: 'move', id: 'f:pu_contract.amount', to: { row: 2, col: 0 } });
    const edited = run(moved, { type: 'set-property', id: 'f:pu_contract.vendorName', key: 'fieldExplain', value: '供货单位' });
    const saved = JSON.parse(JSON.stringify(currentTemplate(edited))) as Template;
    const entries = asJsonb(JSON.parse(JSON.stringify([...edited.pending, rollbackStep(saved, published())]))) as HistoryEntry[];
    const reopened = openDesigner(parseTemplate(JSON.parse(JSON.stringify(published()))), entries, 'b');
    return { start, edited, entries, reopened };
  }

  it('undoing the replacement gives exactly the draft before it, and the steps before it still undo, back to the start', () => {
    const { start, edited, reopened } = rolledBack();
    expect(labels(reopened.history, 'canvas', 'undo')).toEqual(['移动', '回滚到版本 1']);
    const back = ok(undo(reopened, 'canvas'));
    expect(back.draft).toEqual(edited.draft);
    expect(keyedById(back.draft)).toBe(true);
    expect(back.draft.nodes['f:pu_contract.amount']).toMatchObject({ layout: { row: 2, col: 0 } });
    const unmoved = ok(undo(back, 'canvas'));
    const unedited = ok(undo(unmoved, 'properties'));
    expect(unedited.draft).toEqual(start.draft);
    // and forward again: the edits, then the replacement
    const again = ok(redo(ok(redo(ok(redo(unedited, 'properties')), 'canvas')), 'canvas'));
    expect(again.draft).toEqual(reopened.draft);
  });

  it('is in every scope\'s order: the panel\'s 撤销 undoes it too, and a step before it waits until it is undone', () => {
    const { edited, entries, reopened } = rolledBack();
    // the panel's last step is the replacement, not the edit made before it
    expect(labels(reopened.history, 'properties', 'undo')).toEqual(['修改 fieldExplain', '回滚到版本 1']);
    // a canvas step after the 回滚 comes first: undoing the 回滚 under it would drop it silently
    const later = run(reopened, { type: 'move', id: 'f:pu_contract.billCode', to: { row: 5, col: 0 } });
    const refused = undo(later, 'properties');
    expect(!refused.ok && refused.refusal.message).toBe('无法撤销「回滚到版本 1」：它替换了整个草稿，请先撤销画布中在它之后的操作');
    const panel = ok(undo(ok(undo(later, 'canvas')), 'properties'));
    expect(panel.draft).toEqual(edited.draft);
    // gone from both scopes' undo stacks, waiting on both redo stacks
    expect(labels(panel.history, 'canvas', 'undo')).toEqual(['移动']);
    expect(labels(panel.history, 'canvas', 'redo')).toEqual(['移动', '回滚到版本 1']);
    expect(labels(panel.history, 'properties', 'redo')).toEqual(['回滚到版本 1']);
    // now the edit before it undoes, and the replacement waits for it to be redone
    const unedited = ok(undo(panel, 'properties'));
    expect(unedited.draft.nodes['f:pu_contract.vendorName']).toMatchObject({ field: { fieldExplain: '供应商' } });
    const early = redo(unedited, 'canvas');
    expect(!early.ok && early.refusal.message).toBe('无法重做「回滚到版本 1」：它替换了整个草稿，请先重做属性面板中在它之前的操作');
    const forward = ok(redo(ok(redo(unedited, 'properties')), 'canvas'));
    expect(forward.draft).toEqual(reopened.draft);
    // the log these left replays to the same stacks (another browser, a reload)
    const replayed = replayHistory([...entries, ...takeEntries(forward).entries]);
    for (const scope of SCOPES) for (const stack of ['undo', 'redo'] as const) expect(labels(replayed, scope, stack)).toEqual(labels(forward.history, scope, stack));
  });

  it('a step done after undoing it takes it off every redo stack, with what was done after it', () => {
    const { entries, reopened } = rolledBack();
    const later = run(reopened, { type: 'move', id: 'f:pu_contract.billCode', to: { row: 5, col: 0 } });
    const undone = ok(undo(ok(undo(later, 'canvas')), 'canvas'));
    expect(labels(undone.history, 'properties', 'redo')).toEqual(['回滚到版本 1']);
    const edit = run(undone, { type: 'set-property', id: 'f:pu_contract.amount', key: 'fieldExplain', value: '总金额' });
    expect(canRedo(edit, 'canvas')).toBe(false);
    expect(canRedo(edit, 'properties')).toBe(false);
    const replayed = replayHistory([...entries, ...takeEntries(edit).entries]);
    for (const scope of SCOPES) for (const stack of ['undo', 'redo'] as const) expect(labels(replayed, scope, stack)).toEqual(labels(edit.history, scope, stack));
  });
});
