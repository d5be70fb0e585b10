import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTemplate } from '../../schema/parse-template';
import type { HistoryEntry } from '../../schema/design-history';
import type { Template } from '../../schema/template';
import { execute, openDesigner } from '../engine/designer';
import { card, live, puts, record, setup, template } from './designer-fixture';

/** Focuses the palette's 皮重 column once the canvas is drawn and picks it up with Space (keyboard only). */
async function pickUpTare(): Promise<void> {
  await waitFor(() => expect(card('driver')).toBeTruthy());
  const item = await waitFor(() => {
    const el = document.querySelector('[data-palette="col:fd_truck.tare"]') as HTMLElement | null;
    expect(el).toBeTruthy();
    return el!;
  });
  act(() => item.focus());
  fireEvent.keyDown(item, { key: ' ', code: 'Space' });
}

afterEach(cleanup);

describe('form designer', () => {
  it('实时数据: off, no data call is made; on, the first record of the data source fills the canvas', async () => {
    const { calls, user } = setup({ draft: { ...template(), resUrl: '/material/fd-truck/list', resMethod: 'POST' } });
    await waitFor(() => expect(card('driver')).toBeTruthy());
    expect(card('driver').textContent).toContain('[driver]');
    expect(calls.some((c) => c.url.startsWith('/material/'))).toBe(false);
    await user.click(screen.getByRole('switch', { name: '实时数据' }));
    await waitFor(() => expect(card('driver').textContent).toContain('[driver]王强'));
    expect(card('plateNo').textContent).toContain('蒙A12345');
    expect(calls.filter((c) => c.url.startsWith('/material/')).map((c) => c.url)).toEqual(['/material/fd-truck/list', '/material/fd-truck/detail/5']);
    await user.click(screen.getByRole('switch', { name: '实时数据' }));
    await waitFor(() => expect(card('driver').textContent).not.toContain('王强'));
  });

  it('draws the fields with the provided controls on a 4-column grid, offers the columns not yet placed, and calls no data API', async () => {
    const { calls } = setup();
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    expect(screen.getAllByTestId('own-cell').map((e) => e.textContent)).toEqual(['[plateNo]', '[driver]']);
    expect(card('driver').style.gridColumn).toBe('13 / span 12');
    expect(screen.getByText('4 列')).toBeTruthy();
    const palette = await screen.findByRole('complementary', { name: '组件面板' });
    await within(palette).findByText('皮重');
    expect(within(palette).queryByText('司机')).toBeNull();
    // the control kinds come from the descriptors' palette entries
    expect(within(palette).getByText('单行文本 / 数字')).toBeTruthy();
    expect(within(palette).getByText('分组页签')).toBeTruthy();
    expect(new Set(calls.map((c) => c.url))).toEqual(new Set([
      '/optimus_prime/cg-format/draft/9', '/optimus_prime/cg-format/history/9', '/optimus_prime/cg-custom-table/list', '/optimus_prime/cg-custom-table/detail/4',
    ]));
  });

  it('Shift+arrows change the span with a Chinese announcement; a span past the row end is refused visibly; arrows select the next field', async () => {
    setup();
    await waitFor(() => expect(card('driver')).toBeTruthy());
    act(() => card('driver').focus());
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(card('driver').style.gridColumn).toBe('13 / span 24'));
    expect(live()).toBe('已移动到第1行第2列，占2列');
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(card('driver').style.gridColumn).toBe('13 / span 36'));
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    // never rewritten silently: the span stays and the clamp is shown and announced
    await waitFor(() => expect(document.querySelector('.wb-fd-clamp')?.textContent).toBe('宽度受限：要求占4列，该位置最多占3列'));
    expect(live()).toBe('宽度受限：要求占4列，该位置最多占3列');
    expect(card('driver').style.gridColumn).toBe('13 / span 36');
    fireEvent.keyDown(card('driver'), { key: 'ArrowLeft', code: 'ArrowLeft' });
    await waitFor(() => expect(card('plateNo').getAttribute('aria-pressed')).toBe('true'));
    expect(live()).toBe('车牌号，第1行第1列，占1列');
  });

  it('keyboard only: a palette column is picked up with Space, moved by the arrows, widened by Shift+arrows and placed with Enter', async () => {
    setup();
    await pickUpTare();
    // it starts on the first free row of the canvas, shown as a ghost
    expect(live()).toBe('已拿起 皮重，第2行第1列，占1列。方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消');
    expect((document.querySelector('.wb-fd-ghost') as HTMLElement).style.gridRow).toBe('2');
    // an arrow pressed at once, before any timer of the page has run, is not lost
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
    await waitFor(() => expect(live()).toBe('第2行第2列，占1列'));
    // Tab and Shift+Tab keep the focus on the column being carried (the browser's move is prevented) and
    // neither drop nor cancel it: the next keys go on moving it
    const carried = document.activeElement!;
    expect(carried.getAttribute('data-palette')).toBe('col:fd_truck.tare');
    expect(fireEvent.keyDown(carried, { key: 'Tab', code: 'Tab' })).toBe(false);
    expect(fireEvent.keyDown(carried, { key: 'Tab', code: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(carried);
    expect(document.querySelector('.wb-fd-ghost')).not.toBeNull();
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(live()).toBe('第2行第2列，占2列'));
    fireEvent.keyDown(document, { key: 'ArrowUp', code: 'ArrowUp' });
    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(live()).toBe('第2行第2列，占2列'));
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(card('tare')).toBeTruthy());
    expect(card('tare').style.gridColumn).toBe('13 / span 24');
    expect(card('tare').style.gridRow).toBe('2');
    expect(live()).toBe('已移动到第2行第2列，占2列');
    expect(document.querySelector('[data-palette="col:fd_truck.tare"]')).toBeNull();
  });

  it('a card picked up by the keyboard moves one cell per arrow from the place shown, whatever the page measured (no geometry here)', async () => {
    setup();
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    act(() => card('plateNo').focus());
    fireEvent.keyDown(card('plateNo'), { key: ' ', code: 'Space' });
    await waitFor(() => expect(live()).toBe('已拿起 车牌号，第1行第1列，占1列。方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消'));
    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(live()).toBe('第2行第1列，占1列'));
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
    await waitFor(() => expect(live()).toBe('第2行第2列，占1列'));
    // the place 司机 holds is shown refused, and said so
    fireEvent.keyDown(document, { key: 'ArrowUp', code: 'ArrowUp' });
    await waitFor(() => expect(live()).toBe('第1行第2列，占1列，该位置已有字段 司机，不能放下'));
    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(live()).toBe('第2行第2列，占1列'));
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' });
    expect(card('plateNo').style.gridRow).toBe('2');
    expect(card('plateNo').style.gridColumn).toBe('13 / span 12');
    expect(live()).toBe('已移动到第2行第2列，占1列');
  });

  it('a keyboard drop places the field at the key itself; the drag ends after the frame that shows it, or at once at the next key', async () => {
    const ghost = () => document.querySelector('.wb-fd-ghost');
    setup();
    await pickUpTare();
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
    await waitFor(() => expect(live()).toBe('第2行第2列，占1列'));
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' });
    // placed and said by the key's own handling, while the drag (its ghost) is still under way
    expect(card('tare').style.gridRow).toBe('2');
    expect(card('tare').style.gridColumn).toBe('13 / span 12');
    expect(live()).toBe('已移动到第2行第2列，占1列');
    expect(ghost()).not.toBeNull();
    await waitFor(() => expect(ghost()).toBeNull());
    expect(document.querySelector('[data-palette="col:fd_truck.tare"]')).toBeNull();

    // the same drop with an arrow pressed before the frame: the drag ends at once and the arrow moves nothing
    cleanup();
    setup();
    await pickUpTare();
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' });
    expect(ghost()).not.toBeNull();
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
    expect(ghost()).toBeNull();
    expect(card('tare').style.gridColumn).toBe('1 / span 12');
    expect(live()).toBe('已移动到第2行第1列，占1列');

    // Space on another field before the frame: the drop's drag ends first, and the field is picked up
    // from its own place (the key reached no drag while the landed one was still under way)
    cleanup();
    setup();
    await pickUpTare();
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' });
    expect(ghost()).not.toBeNull();
    act(() => card('driver').focus());
    fireEvent.keyDown(card('driver'), { key: ' ', code: 'Space' });
    await waitFor(() => expect(live()).toBe('已拿起 司机，第1行第2列，占1列。方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消'));
    expect((ghost() as HTMLElement).style.gridRow).toBe('1');
    // the keys now go to the new drag: Esc puts 司机 back where it was
    fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(ghost()).toBeNull());
    expect(live()).toContain('已取消');
    expect(card('driver').style.gridColumn).toBe('13 / span 12');
    expect(card('tare').style.gridColumn).toBe('1 / span 12');
  });

  it('a card dropped on a later row is at its place at once and takes its reading order after that frame, moved in place (keeping its focus) where the browser can', async () => {
    const order = () => [...document.querySelectorAll('.wb-fd-field')].map((el) => (el as HTMLElement).dataset.field);
    const proto = HTMLElement.prototype as HTMLElement & { moveBefore?(node: Node, child: Node | null): void };
    // jsdom has no moveBefore: one that records what it moved (and moves it the old way underneath)
    const moved: string[] = [];
    proto.moveBefore = function moveBefore(node: Node, child: Node | null) {
      moved.push((node as HTMLElement).dataset.field ?? '?');
      Node.prototype.insertBefore.call(this, node, child);
    };
    try {
      // the server's history: 车牌号 moved to the second row, then undone (so 重做 moves it there again)
      const opened = openDesigner(template());
      const down = execute(opened, { type: 'move', id: 'f:fd_truck.plateNo', to: { row: 1, col: 0 } });
      if (!down.ok) throw new Error('setup');
      const entries = [...down.state.pending, { action: 'undo' as const, step: down.state.pending[0].step }];
      setup({ history: entries });
      await waitFor(() => expect(card('driver')).toBeTruthy());
      expect(order()).toEqual(['plateNo', 'driver']);
      act(() => card('plateNo').focus());
      fireEvent.keyDown(card('plateNo'), { key: 'z', code: 'KeyZ', ctrlKey: true, shiftKey: true });
      await waitFor(() => expect(card('plateNo').style.gridRow).toBe('2'));
      // at its place at once; its element keeps its old place among the cards for the frame that shows it
      expect(order()).toEqual(['plateNo', 'driver']);
      expect(moved).toEqual([]);
      // then read after 司机, and moved by moveBefore, not taken out of the document
      await waitFor(() => expect(order()).toEqual(['driver', 'plateNo']));
      expect(moved).toEqual(['plateNo']);
    } finally {
      delete proto.moveBefore;
    }
  });

  it('a place another field takes is shown refused while the column is carried there, and said so', async () => {
    setup();
    await pickUpTare();
    await waitFor(() => expect(live()).toMatch(/^已拿起 皮重，第2行第1列/));
    const ghost = () => document.querySelector('.wb-fd-ghost') as HTMLElement;
    expect(ghost().classList.contains('is-blocked')).toBe(false);
    // up onto 车牌号 (row 1, column 1)
    fireEvent.keyDown(document, { key: 'ArrowUp', code: 'ArrowUp' });
    await waitFor(() => expect(live()).toBe('第1行第1列，占1列，该位置已有字段 车牌号，不能放下'));
    expect(ghost().classList.contains('is-blocked')).toBe(true);
    expect(ghost().textContent).toContain('该位置已有字段 车牌号，不能放下');
    // its note opens rightwards in the grid's left half, leftwards in its right half (never past the canvas)
    expect(ghost().classList.contains('is-end')).toBe(false);
    // two to the right: free
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
    await waitFor(() => expect(live()).toBe('第1行第3列，占1列'));
    expect(ghost().classList.contains('is-blocked')).toBe(false);
    expect(ghost().classList.contains('is-end')).toBe(true);
    // back onto 司机, and Enter there is refused: nothing is added
    fireEvent.keyDown(document, { key: 'ArrowLeft', code: 'ArrowLeft' });
    await waitFor(() => expect(live()).toBe('第1行第2列，占1列，该位置已有字段 司机，不能放下'));
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(live()).toBe('该位置已有字段 司机'));
    expect(card('tare')).toBeNull();
  });

  it('Delete says which field (or fields) it removed, and 撤销 brings it back and says so', async () => {
    const { user } = setup();
    await waitFor(() => expect(card('driver')).toBeTruthy());
    act(() => card('driver').focus());
    fireEvent.keyDown(card('driver'), { key: 'Delete', code: 'Delete' });
    await waitFor(() => expect(card('driver')).toBeNull());
    expect(live()).toBe('已删除「司机」');
    await user.click(within(document.querySelector('.wb-fd-canvas-bar') as HTMLElement).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(card('driver')).toBeTruthy());
    expect(live()).toBe('已撤销');
    // both selected: both named
    await user.click(card('plateNo'));
    fireEvent.click(card('driver'), { shiftKey: true });
    fireEvent.keyDown(card('driver'), { key: 'Delete', code: 'Delete' });
    await waitFor(() => expect(card('plateNo')).toBeNull());
    expect(live()).toBe('已删除 2 个字段：「车牌号」「司机」');
  });

  it('a field moved or widened in a tab group is announced with the group\'s name', async () => {
    const grouped = parseTemplate({
      ...template(), formatStyle: 'FORMAT_TABS', groups: [{ key: 'base', label: '基本信息' }],
      formSubList: template().formSubList!.map((f) => (f.fieldName === 'driver' ? { ...f, layout: { row: 0, col: 0, span: 12, group: 'base' } } : f)),
    });
    setup({ draft: grouped });
    await waitFor(() => expect(card('driver')).toBeTruthy());
    act(() => card('driver').focus());
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(card('driver').style.gridColumn).toBe('1 / span 24'));
    expect(live()).toBe('已移动到「基本信息」第1行第1列，占2列');
    // picked up, one cell right, dropped: the place carried and the place landed name the group
    fireEvent.keyDown(card('driver'), { key: ' ', code: 'Space' });
    await waitFor(() => expect(live()).toMatch(/^已拿起 司机，「基本信息」第1行第1列，占2列/));
    fireEvent.keyDown(document, { key: 'ArrowRight', code: 'ArrowRight' });
    await waitFor(() => expect(live()).toBe('「基本信息」第1行第2列，占2列'));
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(live()).toBe('已移动到「基本信息」第1行第2列，占2列'));
  });

  it("the canvas's 撤销 and 重做 follow its own history: a resize enables 撤销, undoing it enables 重做", async () => {
    const { user } = setup();
    await waitFor(() => expect(card('driver')).toBeTruthy());
    const bar = document.querySelector('.wb-fd-canvas-bar') as HTMLElement;
    const undoButton = () => within(bar).getByRole('button', { name: /撤\s*销/ }) as HTMLButtonElement;
    const redoButton = () => within(bar).getByRole('button', { name: /重\s*做/ }) as HTMLButtonElement;
    expect([undoButton().disabled, redoButton().disabled]).toEqual([true, true]);
    act(() => card('driver').focus());
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(undoButton().disabled).toBe(false));
    expect(redoButton().disabled).toBe(true);
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await user.click(undoButton());
    // one step left to undo, one to redo
    await waitFor(() => expect(redoButton().disabled).toBe(false));
    expect(undoButton().disabled).toBe(false);
    await user.click(undoButton());
    await waitFor(() => expect(undoButton().disabled).toBe(true));
    expect(redoButton().disabled).toBe(false);
  });

  it('autosaves within 2 s with the revision and the history entries; history from the server replays (undo after reload)', async () => {
    // the server's history: 司机 made required before the reload
    const before = openDesigner(template());
    const done = execute(before, { type: 'set-property', id: 'f:fd_truck.driver', key: 'irequired', value: true });
    if (!done.ok) throw new Error('setup');
    const saved = { ...record(template()), draft: parseTemplate({ ...template(), formSubList: template().formSubList!.map((f) => (f.fieldName === 'driver' ? { ...f, irequired: true } : f)) }) };
    const { calls, user } = setup({ history: done.state.pending, draft: saved.draft });
    await waitFor(() => expect(card('driver').querySelector('.wb-fd-required')).toBeTruthy());
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await waitFor(() => expect((within(panel).getByRole('button', { name: /撤\s*销/ }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(card('driver'));
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(puts(calls)).toHaveLength(1), { timeout: 2000 });
    const body = puts(calls)[0].body as { version: number; draft: Template; history: HistoryEntry[] };
    expect(body.version).toBe(3);
    expect(body.history.map((e) => `${e.action}:${e.step.label}`)).toEqual(['do:调整宽度']);
    expect(body.draft.formSubList!.find((f) => f.fieldName === 'driver')!.layout).toEqual({ row: 0, col: 12, span: 24, group: null });
    // the replayed step (司机 required) is still undoable after the save
    await user.click(within(panel).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(card('driver').querySelector('.wb-fd-required')).toBeNull());
    expect(await screen.findByText('已自动保存')).toBeTruthy();
  });

  it('a stale revision opens the dialog: 查看差异后覆盖 shows the diff and 覆盖 saves over the latest revision', async () => {
    const latest = record(parseTemplate({ ...template(), formSubList: template().formSubList!.map((f) => (f.fieldName === 'driver' ? { ...f, fieldExplain: '驾驶员' } : f)) }), 7);
    const { calls, user } = setup({
      latest,
      put: (_body, n) => { if (n === 1) throw Object.assign(new Error('stale'), { status: 409 }); return { version: 8, changed: true }; },
    });
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    act(() => card('driver').focus());
    fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(within(dialog).getByText('草稿已在别处修改')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /重新加载/ })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /查看差异后覆盖/ }));
    await within(dialog).findByText(/驾驶员/);
    // the width is named in columns, as the designer names it
    expect(within(dialog).getByText('司机：占1列 → 占2列')).toBeTruthy();
    // a changed property by the panel's label
    expect(within(dialog).getByText('司机：标题 "驾驶员" → "司机"')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /覆\s*盖/ }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    const body = puts(calls)[1].body as { version: number; draft: Template; history?: unknown };
    expect(body.version).toBe(7);
    expect(body.history).toBeUndefined();
    expect(body.draft.formSubList!.find((f) => f.fieldName === 'driver')!.fieldExplain).toBe('司机');
    expect(body.draft.formSubList!.find((f) => f.fieldName === 'driver')!.layout!.span).toBe(24);
  });

  it('a master-child form draws 8 columns and its child table in place: a column is selected and made required in the panel', async () => {
    const draft = parseTemplate({
      ...template(), formatStyle: 'FORMAT_MASTER_CHILD',
      childSubLists: [{ customTable: 'fd_truck_line', label: '装载明细', fields: [{ fieldName: 'item', fieldExplain: '品名', formSubmitType: 'ONE_TXT' }] }],
    });
    const { user } = setup({ draft });
    await screen.findByText('子表：装载明细');
    expect(screen.getByText('8 列')).toBeTruthy();
    const column = screen.getByText('品名');
    await user.click(column);
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('品名（item）');
    expect(within(panel).getByText('列宽')).toBeTruthy();
    await user.click(within(panel).getByText('必填').closest('.ant-formily-item')!.querySelector('button[role="switch"]')!);
    await waitFor(() => expect(column.closest('.wb-fd-child-col')!.querySelector('.wb-fd-required')).toBeTruthy());
  });

  it('a child table is drawn as its header, and a column is moved keyboard-only (Space, →, Enter) in one undo step and widened by Shift+→', async () => {
    const draft = parseTemplate({
      ...template(), formatStyle: 'FORMAT_MASTER_CHILD',
      childSubLists: [{
        customTable: 'fd_truck_line', label: '装载明细', fields: [
          { fieldName: 'item', fieldExplain: '品名', formSubmitType: 'RESOURCE_CONTROLS', irequired: true, cgFormatResId: 12 },
          { fieldName: 'qty', fieldExplain: '数量', fieldType: 'NUMBER', itotal: true, columnWidth: 180 },
          { fieldName: 'note', fieldExplain: '备注', ihidden: true },
        ],
      }],
    });
    const { calls } = setup({ draft });
    await screen.findByText('子表：装载明细');
    const cell = (name: string) => document.querySelector(`.wb-fd-child-col[data-field="${name}"]`) as HTMLElement;
    const order = () => [...document.querySelectorAll<HTMLElement>('.wb-fd-child-col')].map((c) => c.dataset.field);
    expect(order()).toEqual(['item', 'qty', 'note']);
    // each column as wide as the runtime draws it, with its marks: 必填, 合计, the popup, 隐藏
    expect([cell('item'), cell('qty'), cell('note')].map((c) => c.style.width)).toEqual(['140px', '180px', '140px']);
    expect(cell('item').querySelector('.wb-fd-required')).toBeTruthy();
    expect(cell('item').querySelector('[aria-label="search"]')).toBeTruthy();
    expect(cell('qty').textContent).toBe('数量Σ');
    expect(cell('note').textContent).toBe('隐藏备注');
    expect(cell('item').getAttribute('aria-label')).toBe('品名，第1列，列宽 140，必填，弹窗');

    act(() => cell('item').focus());
    fireEvent.keyDown(cell('item'), { key: ' ', code: 'Space' });
    expect(live()).toBe('已拿起 品名，第1列。左右方向键移动一列，回车放下，Esc 取消');
    fireEvent.keyDown(cell('item'), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(live()).toBe('第2列');
    fireEvent.keyDown(cell('item'), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(order()).toEqual(['qty', 'item', 'note']));
    expect(live()).toBe('已移动到第2列');
    // Esc puts a picked-up column back
    fireEvent.keyDown(cell('note'), { key: ' ', code: 'Space' });
    fireEvent.keyDown(cell('note'), { key: 'ArrowLeft', code: 'ArrowLeft' });
    fireEvent.keyDown(cell('note'), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(live()).toBe('已取消移动'));
    expect(order()).toEqual(['qty', 'item', 'note']);

    // Shift+→ on a column: 10 px wider, said
    fireEvent.keyDown(cell('item'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(cell('item').style.width).toBe('150px'));
    expect(live()).toBe('品名 列宽 150');

    // autosaved: the new order (and seq, by which the runtime orders) and width
    // (the move may have gone in a save of its own before the width: the last save holds both)
    const saved = () => (puts(calls).at(-1)?.body as { draft: Template } | undefined)?.draft.childSubLists![0].fields ?? [];
    await waitFor(() => expect(saved()[1]?.columnWidth).toBe(150), { timeout: 5000 });
    expect(saved().map((f) => [f.fieldName, f.seq])).toEqual([['qty', 0], ['item', 1], ['note', 2]]);

    // one 撤销 per edit: the width, then the move
    const undo = screen.getAllByRole('button', { name: /撤\s*销/ })[0];
    fireEvent.click(undo);
    await waitFor(() => expect(cell('item').style.width).toBe('140px'));
    expect(order()).toEqual(['qty', 'item', 'note']);
    fireEvent.click(undo);
    await waitFor(() => expect(order()).toEqual(['item', 'qty', 'note']));
  });
});

