import { describe, expect, it } from 'vitest';
import { contentHash } from '../../schema/canonical';
import type { FieldDefinition } from '../../schema/field-definition';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import type { Command } from './commands';
import {
  applyEntries, batchSet, canRedo, currentTemplate, execute, openDesigner, redo, replayHistory, select, takeEntries, undo, validate,
  type DesignerState, type HistoryEntry, type Scope,
} from './designer';
import { fromTemplate, nodeOfPath, toTemplate, type FieldNode } from '../../schema/design-nodes';

const field = (fieldName: string, fieldExplain: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ fieldName, fieldExplain, ...extra });

/** A master-child form with a list part, a tab group and buttons: every node kind. */
const start = (): Template => parseTemplate({
  formatName: '采购合同', formatCode: 'contract_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'pu_contract',
  groups: [{ key: 'base', label: '基本信息' }],
  formSubList: [
    field('billCode', '合同编号'), field('vendorName', '供应商'), field('signDate', '签订日期', { formSubmitType: 'DATA_BOX' }),
    field('amount', '金额', { fieldType: 'NUMBER' }), field('price', '单价', { fieldType: 'NUMBER' }), field('qty', '数量', { fieldType: 'NUMBER' }),
    field('remark', '备注', { formSubmitType: 'TEXTAREA' }),
  ],
  listSubList: [field('billCode', '合同编号'), field('vendorName', '供应商'), field('amount', '金额'), field('signDate', '签订日期')],
  childSubLists: [{ customTable: 'pu_contract_line', label: '合同明细', fields: [field('materialName', '物料'), field('lineQty', '数量'), field('linePrice', '单价')] }],
  buttons: [{ code: 'add', label: '新增', action: 'add' }, { code: 'edit', label: '修改', action: 'edit' }, { code: 'del', label: '删除', action: 'del' }],
});

/** A small deterministic random source. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const stepNumber = (id: string) => Number(id.slice(id.lastIndexOf('-') + 1));

/** The paths of the objects under `value` that are not frozen. */
function unfrozen(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  const own = Object.isFrozen(value) ? [] : [path || '(root)'];
  return own.concat(...Object.entries(value).map(([k, v]) => unfrozen(v, `${path}/${k}`)));
}

/** Undoes the newest step over all scopes (the order the edits were made in). */
function undoNewest(state: DesignerState): DesignerState {
  const scopes: Scope[] = ['canvas', 'properties', 'code'];
  const scope = scopes.filter((s) => state.history[s].undo.length).sort((a, b) => stepNumber(state.history[b].undo.at(-1)!.id) - stepNumber(state.history[a].undo.at(-1)!.id))[0];
  const out = undo(state, scope);
  if (!out.ok) throw new Error(out.refusal.message);
  expect(unfrozen(out.state.draft)).toEqual([]);
  return out.state;
}
function redoOldest(state: DesignerState): DesignerState {
  const scopes: Scope[] = ['canvas', 'properties', 'code'];
  const scope = scopes.filter((s) => state.history[s].redo.length).sort((a, b) => stepNumber(state.history[a].redo.at(-1)!.id) - stepNumber(state.history[b].redo.at(-1)!.id))[0];
  const out = redo(state, scope);
  if (!out.ok) throw new Error(out.refusal.message);
  return out.state;
}

/** 50 successful mixed commands on every node kind and in every scope. */
function fiftyCommands(initial: DesignerState): { state: DesignerState; kinds: Set<string> } {
  const random = rng(14);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
  let state = initial;
  const kinds = new Set<string>();
  let added = 0;
  let done = 0;
  for (let attempt = 0; done < 50 && attempt < 2000; attempt++) {
    const nodes = Object.values(state.draft.nodes);
    const fields = nodes.filter((n): n is FieldNode => n.kind === 'field');
    const listColumns = state.draft.order.listSubList;
    const childId = state.draft.order.childTables[0];
    const choice = pick(['add', 'addColumn', 'move', 'resize', 'reorder', 'reorder-columns', 'remove', 'set', 'batch', 'code', 'group']);
    let command: Command | null = null;
    let scope: Scope | undefined;
    switch (choice) {
      case 'add': added += 1; command = { type: 'add', node: { kind: 'field', field: field(`extra${added}`, `附加${added}`) } }; break;
      case 'addColumn': added += 1; command = { type: 'add', node: { kind: 'column', parent: childId, field: field(`lineExtra${added}`, `明细${added}`), index: Math.floor(random() * 3) } }; break;
      case 'move': { const f = pick(fields); command = { type: 'move', id: f.id, to: { row: Math.floor(random() * 6), col: pick([0, 12, 24, 36]), group: random() < 0.2 ? 'base' : null } }; break; }
      case 'resize': { const f = pick(fields); command = { type: 'resize', id: f.id, span: pick([12, 24, 36, 48, 20]) }; break; }
      case 'reorder': command = { type: 'reorder', id: pick(listColumns), index: Math.floor(random() * listColumns.length) }; break;
      case 'reorder-columns': { const ids = [...(state.draft.order.children[childId] ?? [])].sort(() => random() - 0.5); command = { type: 'reorder-columns', list: `children:${childId}`, ids }; break; }
      case 'remove': { const f = pick(fields.filter((n) => n.field.fieldName.startsWith('extra')).concat(fields.slice(0, 1))); command = f ? { type: 'remove', ids: [f.id] } : null; break; }
      case 'set': { const f = pick(fields); command = { type: 'set-property', id: f.id, key: 'fieldExplain', value: `${f.field.fieldExplain}·` }; break; }
      case 'batch': { const ids = fields.slice(0, 3).map((f) => f.id); command = { type: 'batch-set-property', ids, key: 'irequired', value: random() < 0.5 }; break; }
      case 'code': { const f = pick(fields); command = { type: 'set-property', id: f.id, key: 'tipsMessage', value: `提示${attempt}` }; scope = 'code'; break; }
      case 'group': command = { type: 'set-property', id: 'g:base', key: 'label', value: `分组${attempt}` }; break;
    }
    if (!command) continue;
    const out = execute(state, command, scope);
    if (!out.ok || out.state === state) continue;
    // every command keeps the draft parseable, and frozen all through (the caches by object rely on it)
    expect(() => parseTemplate(currentTemplate(out.state))).not.toThrow();
    expect(unfrozen(out.state.draft)).toEqual([]);
    state = out.state;
    kinds.add(command.type);
    done += 1;
  }
  expect(done).toBe(50);
  return { state, kinds };
}

describe('designer engine', () => {
  it('converts a template to the node map and back without change', async () => {
    const tpl = start();
    const draft = fromTemplate(tpl);
    expect(Object.values(draft.nodes).map((n) => n.kind).sort()).toEqual([
      ...Array(3).fill('button'), 'childTable', ...Array(7).fill('column'), ...Array(7).fill('field'), 'tabGroup',
    ]);
    // fields nobody placed flow four to a row, the remark on a row of its own
    const placed = toTemplate(draft).formSubList!.map((f) => [f.fieldName, f.layout!.row, f.layout!.col, f.layout!.span]);
    expect(placed).toEqual([['billCode', 0, 0, 12], ['vendorName', 0, 12, 12], ['signDate', 0, 24, 12], ['amount', 0, 36, 12], ['price', 1, 0, 12], ['qty', 1, 12, 12], ['remark', 2, 0, 48]]);
    const once = toTemplate(draft);
    expect(fromTemplate(parseTemplate(JSON.parse(JSON.stringify(once))))).toEqual(draft);
    expect(await contentHash(parseTemplate(once))).toBe(await contentHash(toTemplate(fromTemplate(parseTemplate(once)))));
  });

  it('after 50 mixed commands, a reload of the draft and its history and 50 undos give the start again; redo goes forward again', async () => {
    const initial = openDesigner(start(), [], 'a');
    const startHash = await contentHash(currentTemplate(initial));
    const { state, kinds } = fiftyCommands(initial);
    expect([...kinds].sort()).toEqual(['add', 'batch-set-property', 'move', 'remove', 'reorder', 'reorder-columns', 'resize', 'set-property']);
    const endHash = await contentHash(currentTemplate(state));
    expect(endHash).not.toBe(startHash);

    // what the server stores: the saved template and the history entries, as JSON
    const { entries } = takeEntries(state);
    const storedTemplate = JSON.parse(JSON.stringify(currentTemplate(state)));
    const storedEntries = JSON.parse(JSON.stringify(entries)) as HistoryEntry[];
    // the server's check: the entries lead from the start to the saved draft
    expect(toTemplate(applyEntries(fromTemplate(start()), storedEntries))).toEqual(currentTemplate(state));

    let reloaded = openDesigner(parseTemplate(storedTemplate), storedEntries, 'b');
    expect(await contentHash(currentTemplate(reloaded))).toBe(endHash);
    const steps = (['canvas', 'properties', 'code'] as const).reduce((n, s) => n + reloaded.history[s].undo.length, 0);
    expect(steps).toBe(50);
    for (let i = 0; i < 50; i++) reloaded = undoNewest(reloaded);
    expect(await contentHash(currentTemplate(reloaded))).toBe(startHash);
    expect(undo(reloaded, 'canvas').ok).toBe(false);

    for (let i = 0; i < 50; i++) reloaded = redoOldest(reloaded);
    expect(await contentHash(currentTemplate(reloaded))).toBe(endHash);
    expect(canRedo(reloaded, 'canvas')).toBe(false);

    // undo and redo the newest step N times: always the same two drafts
    const before = currentTemplate(undoNewest(reloaded));
    for (let n = 0; n < 10; n++) {
      reloaded = undoNewest(reloaded);
      expect(currentTemplate(reloaded)).toEqual(before);
      reloaded = redoOldest(reloaded);
      expect(await contentHash(currentTemplate(reloaded))).toBe(endHash);
    }
    // and the log of the second browser replays to the same stacks
    const again = replayHistory([...storedEntries, ...takeEntries(reloaded).entries]);
    expect(again.canvas.undo.map((s) => s.id)).toEqual(reloaded.history.canvas.undo.map((s) => s.id));
  });

  it('sets, checks and undoes a report chart on the template: its columns are the list\'s, a pie takes one value', () => {
    const s = openDesigner(parseTemplate({
      formatName: '日报', formatCode: 'rpt_list', formatType: 'LIST', customTable: 'rpt',
      listSubList: [field('day', '日期', { fieldType: 'DATE' }), field('net', '净重', { fieldType: 'NUMBER' }), field('trucks', '车次', { fieldType: 'NUMBER' })],
    }), [], 'c');
    const chart = { type: 'bar', x: 'day', y: ['net', 'trucks'], title: '每日' };
    const set = execute(s, { type: 'set-property', id: null, key: 'chart', value: chart }, 'properties');
    expect(set.ok).toBe(true);
    expect(currentTemplate(set.state).chart).toEqual(chart);
    // a later change of another template property keeps the chart (it parses with the list's columns)
    const renamed = execute(set.state, { type: 'set-property', id: null, key: 'formatName', value: '日报2' }, 'properties');
    expect(renamed.ok).toBe(true);
    expect(currentTemplate(renamed.state).chart).toEqual(chart);
    const pie = execute(set.state, { type: 'set-property', id: null, key: 'chart', value: { ...chart, type: 'pie' } }, 'properties');
    expect(pie).toMatchObject({ ok: false, refusal: { message: expect.stringContaining('饼图只能选择一个数值列') } });
    const ghost = execute(set.state, { type: 'set-property', id: null, key: 'chart', value: { ...chart, x: 'ghost' } }, 'properties');
    expect(ghost).toMatchObject({ ok: false, refusal: { message: expect.stringContaining('列表没有字段 ghost') } });
    const none = execute(set.state, { type: 'set-property', id: null, key: 'chart', value: undefined }, 'properties');
    expect(none.ok && currentTemplate(none.state).chart).toBeUndefined();
    const back = undo(none.state, 'properties');
    expect(back.ok && currentTemplate(back.state).chart).toEqual(chart);
  });

  it('keeps the scopes apart: undo on the canvas leaves the property panel and the code editor alone', () => {
    let s = openDesigner(start(), [], 's');
    s = (execute(s, { type: 'move', id: 'f:billCode', to: { row: 5, col: 0 } }) as { state: DesignerState }).state;
    s = (execute(s, { type: 'set-property', id: 'f:vendorName', key: 'fieldExplain', value: '供货单位' }) as { state: DesignerState }).state;
    s = (execute(s, { type: 'set-property', id: 'f:amount', key: 'tipsMessage', value: '含税' }, 'code') as { state: DesignerState }).state;
    const out = undo(s, 'canvas');
    expect(out.ok).toBe(true);
    const tpl = currentTemplate(out.state);
    const byName = (n: string) => tpl.formSubList!.find((f) => f.fieldName === n)!;
    expect(byName('billCode').layout).toMatchObject({ row: 0, col: 0 });
    expect(byName('vendorName').fieldExplain).toBe('供货单位');
    expect(byName('amount').tipsMessage).toBe('含税');
    const code = undo(out.state, 'code');
    expect(code.ok && currentTemplate(code.state).formSubList!.find((f) => f.fieldName === 'amount')!.tipsMessage).toBeNull();
    expect(code.ok && currentTemplate(code.state).formSubList!.find((f) => f.fieldName === 'vendorName')!.fieldExplain).toBe('供货单位');
  });

  it('makes typing in one property field one undo step, and a new field or session a new one', () => {
    let s = openDesigner(start(), [], 't');
    for (const text of ['供', '供货', '供货单', '供货单位']) {
      s = (execute(s, { type: 'set-property', id: 'f:vendorName', key: 'fieldExplain', value: text, typing: 'k1' }) as { state: DesignerState }).state;
    }
    expect(s.history.properties.undo).toHaveLength(1);
    expect(s.pending).toHaveLength(1);
    s = (execute(s, { type: 'set-property', id: 'f:amount', key: 'fieldExplain', value: '总金额', typing: 'k2' }) as { state: DesignerState }).state;
    expect(s.history.properties.undo).toHaveLength(2);
    const back = undo(undo(s, 'properties').state, 'properties');
    expect(back.ok).toBe(true);
    expect(currentTemplate(back.state).formSubList!.find((f) => f.fieldName === 'vendorName')!.fieldExplain).toBe('供应商');
  });

  it('sets a property: a value the parser normalises is stored normal in the same step, only that node is new, and the step replays and undoes', () => {
    const s0 = openDesigner(start(), [], 'n');
    const before = s0.draft.nodes['f:vendorName'] as FieldNode;
    expect(before.field.irequired ?? false).toBe(false);
    const done = execute(s0, { type: 'set-property', id: 'f:vendorName', key: 'irequired', value: '1' });
    if (!done.ok) throw new Error(done.refusal.message);
    const after = done.state.draft.nodes['f:vendorName'] as FieldNode;
    expect(after.field.irequired).toBe(true);
    // only that node is new; the others are the same objects
    expect(Object.keys(done.state.draft.nodes).filter((id) => done.state.draft.nodes[id] !== s0.draft.nodes[id])).toEqual(['f:vendorName']);
    expect(Object.isFrozen(after.field)).toBe(true);
    // no problem before or after: the same list, so that nothing drawn from it is asked again
    expect(s0.problems).toEqual([]);
    expect(done.state.problems).toBe(s0.problems);
    // the step's patches, as the server replays them, lead to the same draft; its inverse back to the start
    expect(done.state.history.properties.undo).toHaveLength(1);
    expect(toTemplate(applyEntries(fromTemplate(start()), takeEntries(done.state).entries))).toEqual(currentTemplate(done.state));
    expect(currentTemplate(undo(done.state, 'properties').state)).toEqual(currentTemplate(s0));
    // the same value again changes nothing and makes no step
    const again = execute(done.state, { type: 'set-property', id: 'f:vendorName', key: 'irequired', value: true });
    expect(again.ok && again.state).toBe(done.state);
    // a node that does not exist is refused, and naming the node's identity too
    expect(execute(s0, { type: 'set-property', id: 'f:nope', key: 'fieldExplain', value: 'x' }).ok).toBe(false);
    expect(execute(s0, { type: 'set-property', id: 'f:vendorName', key: 'fieldName', value: 'x' }).ok).toBe(false);
  });

  it('checks a move, a resize or a local property alone only when that gives what checking the whole draft gives', () => {
    const random = rng(7);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
    const calculated = execute(openDesigner(start(), [], 'i'), { type: 'set-property', id: 'f:amount', key: 'calculate', value: [{ fieldName: 'price', customTable: null }, '*', { fieldName: 'qty', customTable: null }] });
    if (!calculated.ok) throw new Error(calculated.refusal.message);
    let s = calculated.state;
    let accepted = 0;
    let withProblem = 0;
    for (let i = 0; i < 300; i++) {
      const fields = Object.values(s.draft.nodes).filter((n): n is FieldNode => n.kind === 'field');
      const f = pick(fields);
      const command: Command | 'undo' = pick([
        () => ({ type: 'move', id: f.id, to: { row: Math.floor(random() * 5), col: pick([0, 12, 24, 36, 5]), group: random() < 0.3 ? 'base' : null } }),
        () => ({ type: 'resize', id: f.id, span: pick([0, 12, 20, 24, 48, 60]) }),
        () => ({ type: 'set-property', id: f.id, key: pick(['fieldExplain', 'tipsMessage']), value: pick(['甲', '', 'x'.repeat(300)]) }),
        () => ({ type: 'set-property', id: f.id, key: pick(['irequired', 'ihidden', 'itotal']), value: pick([true, false, '1', '0', 'maybe']) }),
        () => ({ type: 'set-property', id: pick([f.id, 'c:t:pu_contract_line:lineQty']), key: 'columnWidth', value: pick([5, 120, '80']) }),
        // the field the calculation uses removed (a problem on the calculation's node) and brought back by undo
        () => (s.draft.nodes['f:qty'] ? { type: 'remove', ids: ['f:qty'] } : 'undo'),
        // the calculation cleared and set again
        () => ({ type: 'set-property', id: 'f:amount', key: 'calculate', value: random() < 0.2 ? null : [{ fieldName: 'price', customTable: null }, '*', { fieldName: 'qty', customTable: null }] }),
      ] as (() => Command | 'undo')[])();
      if (command === 'undo') {
        // the canvas's steps undone until the field is back, each keeping what checking the whole draft finds
        while (!s.draft.nodes['f:qty']) {
          const back = undo(s, 'canvas');
          if (!back.ok) throw new Error(back.refusal.message);
          expect(validate(back.state.draft)).toMatchObject({ refusal: null, problems: back.state.problems });
          s = back.state;
        }
        continue;
      }
      const out = execute(s, command);
      if (!out.ok) continue;
      // what checking the whole draft finds: nothing refused, the same problems
      expect(validate(out.state.draft), JSON.stringify(command)).toMatchObject({ refusal: null, problems: out.state.problems });
      accepted += 1;
      if (out.state.problems.length > 0) withProblem += 1;
      s = out.state;
    }
    expect(accepted).toBeGreaterThan(100);
    expect(withProblem).toBeGreaterThan(10);
    // a value the parser writes another way is stored its way, in the same undo step
    const on = execute(s, { type: 'set-property', id: 'f:qty', key: 'irequired', value: '1' });
    expect(on.ok && (on.state.draft.nodes['f:qty'] as FieldNode).field.irequired).toBe(true);
    const back = undo(on.state, 'properties');
    expect((back.state.draft.nodes['f:qty'] as FieldNode).field.irequired).toBe((s.draft.nodes['f:qty'] as FieldNode).field.irequired);
  });

  it('sets a property across the selection in one step', () => {
    let s = openDesigner(start(), [], 'm');
    s = select(s, ['f:billCode']);
    s = select(s, ['f:price', 'f:qty', 'nope'], 'add');
    s = select(s, ['f:price'], 'toggle');
    expect(s.selection).toEqual(['f:billCode', 'f:qty']);
    const out = batchSet(s, 'irequired', true);
    expect(out.ok).toBe(true);
    const required = currentTemplate(out.state).formSubList!.filter((f) => f.irequired).map((f) => f.fieldName);
    expect(required).toEqual(['billCode', 'qty']);
    expect(out.state.history.properties.undo).toHaveLength(1);
    const back = undo(out.state, 'properties');
    expect(currentTemplate(back.state).formSubList!.some((f) => f.irequired)).toBe(false);
  });

  it('clamps a span and says so, and refuses a place that is taken or off the grid', () => {
    const s = openDesigner(start(), [], 'c');
    const wide = execute(s, { type: 'resize', id: 'f:remark', span: 60 });
    expect(wide.ok && wide.clamp).toEqual({ requested: 60, applied: 48, reason: 'max' });
    const odd = execute(s, { type: 'resize', id: 'f:qty', span: 20 });
    expect(odd.ok && odd.clamp).toEqual({ requested: 20, applied: 24, reason: 'step' });
    // billCode at col 0 cannot grow over vendorName: clamped to its own column, reported
    const blocked = execute(s, { type: 'resize', id: 'f:billCode', span: 24 });
    expect(blocked.ok && blocked.clamp).toEqual({ requested: 24, applied: 12, reason: 'max' });
    const moveRight = execute(s, { type: 'move', id: 'f:remark', to: { row: 3, col: 24 } });
    expect(moveRight.ok && moveRight.clamp).toEqual({ requested: 48, applied: 24, reason: 'max' });
    const taken = execute(s, { type: 'move', id: 'f:billCode', to: { row: 0, col: 12 } });
    expect(taken.ok).toBe(false);
    expect(!taken.ok && taken.refusal).toEqual({ nodeId: 'f:billCode', message: '该位置已有字段 供应商' });
    expect(execute(s, { type: 'move', id: 'f:billCode', to: { row: 4, col: 5 } }).ok).toBe(false);
    expect(execute(s, { type: 'move', id: 'f:billCode', to: { row: 4, col: 0, group: 'nope' } }).ok).toBe(false);
  });

  it('refuses an edit the parser refuses, on its node; shows a rule problem on its node', () => {
    const s = openDesigner(start(), [], 'v');
    const bad = execute(s, { type: 'set-property', id: 'f:amount', key: 'cgValFormat', value: { valFormatFun: 'nope' } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.refusal.nodeId).toBe('f:amount');
    expect(!bad.ok && bad.refusal.message).toMatch(/^amount\.cgValFormat\.valFormatFun: 未知的值格式/);
    expect(execute(s, { type: 'set-property', id: 'f:amount', key: 'fieldName', value: 'x' }).ok).toBe(false);
    // a property edit that breaks a draft rule of its field is refused, said without a parser path
    const calc = execute(s, { type: 'set-property', id: 'f:amount', key: 'calculate', value: [{ fieldName: 'price', customTable: null }, '*', { fieldName: 'gone', customTable: null }] });
    expect(!calc.ok && calc.refusal).toEqual({ nodeId: 'f:amount', message: '字段金额(amount)的计算方式引用的字段 gone 不在本表字段中' });
    // a rule problem another edit makes (the field a calculation uses removed) is shown on its node
    const ok = execute(s, { type: 'set-property', id: 'f:amount', key: 'calculate', value: [{ fieldName: 'price', customTable: null }, '*', { fieldName: 'qty', customTable: null }] });
    expect(ok.ok).toBe(true);
    const removed = execute(ok.state, { type: 'remove', ids: ['f:qty'] });
    expect(removed.ok && removed.state.problems).toEqual([
      { nodeId: 'f:amount', path: expect.stringMatching(/^formSubList\[\d+\]\.calculate\[2\]\.fieldName$/), message: '字段金额(amount)的计算方式引用的字段 qty 不在本表字段中' },
    ]);
    const child = execute(s, { type: 'set-property', id: 'c:t:pu_contract_line:lineQty', key: 'columnWidth', value: 5 });
    expect(!child.ok && child.refusal.nodeId).toBe('c:t:pu_contract_line:lineQty');
    // a property the panel shows is named by its label, the field by its name and its label before the edit
    const empty = execute(s, { type: 'set-property', id: 'f:vendorName', key: 'fieldExplain', value: '' });
    expect(!empty.ok && empty.refusal).toEqual({ nodeId: 'f:vendorName', message: '字段 vendorName（供应商）的「标题」不能为空' });
    expect(!child.ok && child.refusal.message).toMatch(/的「列宽」/);
    // a button by its name and the panel's label of the property, not a path into a list of one
    const second = toTemplate(s.draft).buttons![1];
    const buttonId = Object.keys(s.draft.nodes).find((id) => { const n = s.draft.nodes[id]; return n.kind === 'button' && n.button.code === second.code; })!;
    const permission = execute(s, { type: 'set-property', id: buttonId, key: 'permission', value: 'pu notice 导出!' });
    expect(!permission.ok && permission.refusal.nodeId).toBe(buttonId);
    expect(!permission.ok && permission.refusal.message).toMatch(new RegExp(`^按钮「${second.label}」的「权限标识」`));
  });

  it('refuses a calculation of a child-table column that refers to the column itself, naming it (the server refuses such a draft)', () => {
    const plan = parseTemplate({
      ...start(),
      childSubLists: [{
        customTable: 'pu_plan_line', label: '计划明细',
        fields: [field('materialName', '物料'), field('planQty', '计划量(吨)', { fieldType: 'NUMBER' }), field('upperQty', '上限量(吨)', { fieldType: 'NUMBER' })],
      }],
    });
    const s = openDesigner(plan, [], 'self');
    const own = (fieldName: string) => ({ fieldName, customTable: 'pu_plan_line' });
    const self = execute(s, { type: 'set-property', id: 'c:t:pu_plan_line:planQty', key: 'calculate', value: ['(', own('planQty'), '+', own('upperQty'), ')'] });
    expect(self.ok).toBe(false);
    expect(!self.ok && self.refusal).toEqual({ nodeId: 'c:t:pu_plan_line:planQty', message: '字段计划量(吨)(planQty)的计算方式不能引用字段自身' });
    expect(self.state.pending).toEqual([]);
    expect(currentTemplate(self.state).childSubLists![0].fields[1].calculate ?? null).toBeNull();
    // referring to the other column is fine
    const other = execute(s, { type: 'set-property', id: 'c:t:pu_plan_line:planQty', key: 'calculate', value: [own('upperQty'), '*', own('upperQty')] });
    expect(other.ok && other.state.problems).toEqual([]);
  });

  it('refuses 合计 on a column its data source declares as text, naming the column; a stored one is a problem on its node', () => {
    const list = parseTemplate({
      formatName: '仓库', formatCode: 'as_warehouse_list', formatType: 'LIST', customTable: 'as_warehouse',
      listSubList: [{ fieldName: 'warehouseName', fieldExplain: '仓库名称', fieldType: 'TEXT' }, { fieldName: 'capacity', fieldExplain: '库容', fieldType: 'TEXT', itotal: true }],
    });
    const declared = { as_warehouse: { warehouseName: 'CHAR', capacity: 'NUMBER' } };
    const s = openDesigner(list, [], 'self', declared);
    expect(s.problems).toEqual([]);
    const id = 'c:listSubList:warehouseName';
    expect(s.draft.nodes[id]).toMatchObject({ kind: 'column' });
    const summed = execute(s, { type: 'set-property', id, key: 'itotal', value: true });
    expect(!summed.ok && summed.refusal).toEqual({ nodeId: id, message: '字段仓库名称(warehouseName)不是数值列，不能合计' });
    // the same template with its 库容 declared text: the problem stays on that column
    const stored = openDesigner(list, [], 'self', { as_warehouse: { ...declared.as_warehouse, capacity: 'CHAR' } });
    expect(stored.problems).toEqual([{ nodeId: 'c:listSubList:capacity', path: 'listSubList[1].itotal', message: '字段库容(capacity)不是数值列，不能合计' }]);
  });

  it('says a problem at a parser path by the node and the property label, never the path', async () => {
    const { problemText } = await import('./designer');
    const draft = fromTemplate(start());
    expect(problemText(draft, 'childSubLists[0].fields[1].calculate[1].fieldName', '字段数量(lineQty)的计算方式不能引用字段自身')).toBe('字段数量(lineQty)的计算方式不能引用字段自身');
    expect(problemText(draft, 'formSubList[1].fieldExplain', '不能为空')).toBe('字段 vendorName（供应商）的「标题」不能为空');
    expect(problemText(draft, 'childSubLists[0].label', '不能为空')).toBe('子表 合同明细：不能为空');
    expect(problemText(draft, 'childSubLists[0].fields[2].fieldName', '数据源 合同明细(pu_contract_line) 没有字段 linePrice')).toBe('字段 linePrice（单价）：数据源 合同明细(pu_contract_line) 没有字段 linePrice');
    expect(problemText(draft, 'formatName', '不能为空')).toBe('不能为空');
  });

  it('puts a parser path on the node it came from, in every list of the template', () => {
    const draft = fromTemplate(start());
    const t = toTemplate(draft);
    const node = (path: string) => { const id = nodeOfPath(draft, path); return id === null ? null : draft.nodes[id]; };
    expect(node('formSubList[3].layout')).toMatchObject({ kind: 'field', field: { fieldName: t.formSubList![3].fieldName } });
    expect(node('listSubList[2].cgValFormat.valFormatFun')).toMatchObject({ kind: 'column', field: { fieldName: 'amount' } });
    expect(node('childSubLists[0].label')).toMatchObject({ kind: 'childTable', customTable: 'pu_contract_line' });
    expect(node('childSubLists[0].fields[1].required')).toMatchObject({ kind: 'column', field: { fieldName: 'lineQty' } });
    expect(node('buttons[2].permission')).toMatchObject({ kind: 'button', button: { code: 'del' } });
    expect(node('groups[0].label')).toMatchObject({ kind: 'tabGroup', key: 'base' });
    // the template's own properties, and items that are not there, have no node
    expect(nodeOfPath(draft, 'formatName')).toBeNull();
    expect(nodeOfPath(draft, 'formSubList[99].layout')).toBeNull();
  });

  it('removes a child table with its columns, and undo brings both back', () => {
    const s = openDesigner(start(), [], 'r');
    const out = execute(s, { type: 'remove', ids: ['t:pu_contract_line'] });
    expect(out.ok && currentTemplate(out.state).childSubLists).toEqual([]);
    expect(Object.keys(out.state.draft.nodes).some((id) => id.startsWith('c:t:'))).toBe(false);
    expect(currentTemplate(undo(out.state, 'canvas').state)).toEqual(currentTemplate(s));
    expect(execute(s, { type: 'remove', ids: ['g:base'] }).ok).toBe(true);
    const grouped = execute(s, { type: 'move', id: 'f:qty', to: { row: 0, col: 0, group: 'base' } });
    expect(grouped.ok && execute(grouped.state, { type: 'remove', ids: ['g:base'] }).ok).toBe(false);
  });
});

describe('reordering a list', () => {
  it('gives each column and button its new index as seq (the runtime orders by seq), in one step, and the diff says one moved', async () => {
    const { diffTemplates } = await import('../../schema/template-diff');
    const s = openDesigner(start());
    const ids = [...s.draft.order.listSubList];
    const moved = execute(s, { type: 'reorder-columns', list: 'listSubList', ids: [ids[2], ids[0], ids[1], ids[3]] });
    expect(moved.ok).toBe(true);
    const t = currentTemplate(moved.state);
    expect(t.listSubList!.map((f) => [f.fieldName, f.seq])).toEqual([['amount', 0], ['billCode', 1], ['vendorName', 2], ['signDate', 3]]);
    expect(moved.state.history.canvas.undo).toHaveLength(1);
    const entries = diffTemplates(currentTemplate(s), t);
    expect(entries.map((e) => `${e.kind}:${e.key}`)).toEqual(['moved:amount']);
    const button = execute(moved.state, { type: 'reorder', id: 'b:del', index: 0 });
    expect(button.ok && currentTemplate(button.state).buttons!.map((b) => [b.code, b.seq])).toEqual([['del', 0], ['add', 1], ['edit', 2]]);
    const back = undo(moved.state, 'canvas');
    expect(back.ok && currentTemplate(back.state).listSubList!.map((f) => f.seq)).toEqual([0, 0, 0, 0]);
  });

  it('moves a column within its child table in one undo step (undo and redo give each order back, the history replays it); a place outside the table is refused', () => {
    const s = openDesigner(start(), [], 'm');
    const child = s.draft.order.childTables[0];
    const names = (st: DesignerState) => currentTemplate(st).childSubLists![0].fields.map((f) => f.fieldName);
    expect(names(s)).toEqual(['materialName', 'lineQty', 'linePrice']);
    const moved = execute(s, { type: 'reorder', id: s.draft.order.children[child][0], index: 2 });
    if (!moved.ok) throw new Error(moved.refusal.message);
    expect(names(moved.state)).toEqual(['lineQty', 'linePrice', 'materialName']);
    // the runtime draws a child table's columns by seq
    expect(currentTemplate(moved.state).childSubLists![0].fields.map((f) => f.seq)).toEqual([0, 1, 2]);
    expect(moved.state.history.canvas.undo.map((st) => st.label)).toEqual(['调整顺序']);
    expect(() => parseTemplate(currentTemplate(moved.state))).not.toThrow();
    const back = undo(moved.state, 'canvas');
    if (!back.ok) throw new Error(back.refusal.message);
    expect(names(back.state)).toEqual(['materialName', 'lineQty', 'linePrice']);
    const again = redo(back.state, 'canvas');
    expect(again.ok && names(again.state)).toEqual(['lineQty', 'linePrice', 'materialName']);
    // the entries the server keeps rebuild the step: undo after a reload gives the first order
    const reloaded = openDesigner(parseTemplate(JSON.parse(JSON.stringify(currentTemplate(moved.state)))), JSON.parse(JSON.stringify(takeEntries(moved.state).entries)) as HistoryEntry[], 'n');
    const afterReload = undo(reloaded, 'canvas');
    expect(afterReload.ok && names(afterReload.state)).toEqual(['materialName', 'lineQty', 'linePrice']);

    for (const index of [3, -1, 1.5]) {
      const refused = execute(moved.state, { type: 'reorder', id: moved.state.draft.order.children[child][0], index });
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.refusal.message).toMatch(/^位置 .* 无效：该列表共 3 项$/);
      expect(refused.state).toBe(moved.state);
    }
  });
});

