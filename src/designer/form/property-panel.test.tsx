import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import { card, puts, setup, template } from './designer-fixture';

afterEach(cleanup);

/** The form designer's property panel: its commands, its text boxes, its dialogs and its refusals. */
describe('form designer: property panel', () => {
  it('the property panel sets 必填 as one command; Ctrl+Z on the canvas leaves it, Ctrl+Z in the panel undoes it', async () => {
    const { user } = setup();
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    await user.click(card('plateNo'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('车牌号（plateNo）');
    const required = within(panel).getByText('必填').closest('.ant-formily-item')!.querySelector('button[role="switch"]') as HTMLElement;
    await user.click(required);
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-required')).toBeTruthy());
    fireEvent.keyDown(card('plateNo'), { key: 'z', ctrlKey: true });
    expect(card('plateNo').querySelector('.wb-fd-required')).toBeTruthy();
    fireEvent.keyDown(required, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-required')).toBeNull());
    expect(required.getAttribute('aria-checked')).toBe('false');
    // Ctrl+Z in 搜索属性 is the search box's own: 必填, set again, stays
    await user.click(required);
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-required')).toBeTruthy());
    const search = within(panel).getByLabelText('搜索属性');
    await user.type(search, '提示');
    fireEvent.keyDown(search, { key: 'z', ctrlKey: true });
    expect(card('plateNo').querySelector('.wb-fd-required')).toBeTruthy();
    await user.clear(search);
    // search narrows the properties; 恢复默认 puts the default back
    await user.type(search, '标题');
    expect(within(panel).queryByText('必填')).toBeNull();
    const title = within(panel).getByRole('textbox', { name: '标题' }) as HTMLInputElement;
    expect(title.value).toBe('车牌号');
  });

  it('typing the 标题 shows in its box and on the card as one step; 撤销 in the panel puts the old label back in the box', async () => {
    const { user } = setup();
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    await user.click(card('plateNo'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('车牌号（plateNo）');
    // the box as it is now: a value from elsewhere (an undo) makes it again
    const box = () => within(panel).getByText('标题').closest('.ant-formily-item')!.querySelector('input') as HTMLInputElement;
    const title = box();
    expect(title.value).toBe('车牌号');
    await user.type(title, '码');
    expect(title.value).toBe('车牌号码');
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('车牌号码'));
    // the panel's title follows the 标题 as it is typed
    expect(within(panel).getByText('车牌号码（plateNo）')).toBeTruthy();
    await user.type(title, '牌');
    expect(title.value).toBe('车牌号码牌');
    await user.click(within(panel).getByRole('button', { name: /撤\s*销/ }));
    // both keystrokes were one step
    await waitFor(() => expect(box().value).toBe('车牌号'));
    expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('车牌号');
    expect(within(panel).getByText('车牌号（plateNo）')).toBeTruthy();
    // Ctrl+Z typed in the box undoes in the panel's history, and the box keeps the focus, its caret at the end
    await user.click(box());
    await user.type(box(), '甲');
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('车牌号甲'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(box().value).toBe('车牌号'));
    expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('车牌号');
    expect(document.activeElement).toBe(box());
    expect(box().selectionStart).toBe(3);
    // and typing on goes into the same box
    await user.keyboard('乙');
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('车牌号乙'));
    expect(box().value).toBe('车牌号乙');
    // another field selected: its 标题 in the box, typing goes to it
    await user.click(card('driver'));
    await within(panel).findByText('司机（driver）');
    await waitFor(() => expect(box().value).toBe('司机'));
    await user.type(box(), '丙');
    await waitFor(() => expect(card('driver').querySelector('.wb-fd-label')!.textContent).toBe('司机丙'));
    expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('车牌号乙');
    // 恢复默认 of 标题: the label of the field's column in its data-source table
    await user.click(within(panel).getByRole('button', { name: '标题 恢复默认' }));
    await waitFor(() => expect(card('driver').querySelector('.wb-fd-label')!.textContent).toBe('司机'));
    expect(box().value).toBe('司机');
  });

  it('选择时间 from the panel: a changed spec is stored, shown, and changed again (its value is the draft\'s, not shared with the form)', async () => {
    const withDate = parseTemplate({
      ...template(),
      formSubList: [...template().formSubList!, { fieldName: 'inTime', fieldExplain: '进厂时间', customTable: 'fd_truck', formSubmitType: 'DATA_BOX_TIM', fieldType: 'DATE', defaultValue: { type: 'date', day: { mark: '+', value: 1 } } }],
    });
    const { user } = setup({ draft: withDate });
    await waitFor(() => expect(card('inTime')).toBeTruthy());
    await user.click(card('inTime'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('进厂时间（inTime）');
    const item = () => within(panel).getByText('选择时间').closest('.ant-formily-item') as HTMLElement;
    expect(within(item()).getByText('日 +1')).toBeTruthy();
    for (const [n, want] of [[2, '日 +2'], [3, '日 +3']] as const) {
      await user.click(within(item()).getByRole('button', { name: /设\s*置/ }));
      const dialog = await screen.findByRole('dialog');
      const day = within(within(dialog).getByRole('group', { name: '日' })).getByRole('spinbutton', { name: '日的数值' });
      await user.clear(day);
      await user.type(day, String(n));
      await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(within(item()).getByText(want)).toBeTruthy());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    await user.click(within(panel).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(within(item()).getByText('日 +2')).toBeTruthy());
  });

  it("计算方式 of a child-table column offers that table's other number columns, not the column itself nor the main form's", async () => {
    const draft = parseTemplate({
      ...template(), formatStyle: 'FORMAT_MASTER_CHILD',
      formSubList: [...template().formSubList!, { fieldName: 'tare', fieldExplain: '皮重', customTable: 'fd_truck', fieldType: 'NUMBER' }],
      childSubLists: [{
        customTable: 'fd_plan_line', label: '计划明细',
        fields: [{ fieldName: 'planQty', fieldExplain: '计划量(吨)', fieldType: 'NUMBER' }, { fieldName: 'upperQty', fieldExplain: '上限量(吨)', fieldType: 'NUMBER' }],
      }],
    });
    const { user } = setup({ draft });
    await screen.findByText('子表：计划明细');
    await user.click(screen.getByText('计划量(吨)'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('计划量(吨)（planQty）');
    const item = within(panel).getByText('计算方式').closest('.ant-formily-item') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: /设\s*置/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    await user.click(within(dialog).getByRole('combobox', { name: '第1行字段' }));
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].pop()!;
    expect([...open.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toEqual(['上限量(吨)']);
  });

  it('合计 is offered on a number child-table column only, by the type its data source declares (as 列表设计)', async () => {
    const draft = parseTemplate({
      ...template(), formatStyle: 'FORMAT_MASTER_CHILD',
      childSubLists: [{
        customTable: 'fd_plan_line', label: '计划明细',
        fields: [
          { fieldName: 'planQty', fieldExplain: '计划量(吨)', fieldType: 'NUMBER' },
          // shown, not typed (显示): a kind that adds up numbers, on a text column
          { fieldName: 'materialName', fieldExplain: '物料名称', fieldType: 'CHAR', formSubmitType: 'NONE_WHOLE' },
          // marked as a number by the template, declared text by its data source
          { fieldName: 'batchNo', fieldExplain: '批号', fieldType: 'NUMBER', formSubmitType: 'NONE_WHOLE' },
        ],
      }],
    });
    const { user } = setup({ draft, columnTypes: { fd_plan_line: { planQty: 'NUMBER', materialName: 'CHAR', batchNo: 'CHAR' } } });
    await screen.findByText('子表：计划明细');
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    const offered = async (label: string, name: string) => {
      await user.click(screen.getByText(label));
      await within(panel).findByText(`${label}（${name}）`);
      return within(panel).queryByText('合计') !== null;
    };
    expect(await offered('物料名称', 'materialName')).toBe(false);
    expect(await offered('批号', 'batchNo')).toBe(false);
    expect(await offered('计划量(吨)', 'planQty')).toBe(true);
    // a multi-selection shares what each column offers: a text column among them, no 合计
    fireEvent.click(screen.getByText('物料名称'), { shiftKey: true });
    await within(panel).findByText('已选 2 个字段：批量修改');
    expect(within(panel).queryByText('合计')).toBeNull();
  });

  it('a value the rules refuse shows why under its box, the field keeps its value, and the box shows it again when left', async () => {
    const { user } = setup();
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    await user.click(card('plateNo'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('车牌号（plateNo）');
    const item = () => within(panel).getByText('标题').closest('.ant-formily-item') as HTMLElement;
    const box = () => item().querySelector('input') as HTMLInputElement;
    await user.clear(box());
    await waitFor(() => expect(within(item()).getByText('字段 plateNo（车牌号）的「标题」不能为空')).toBeTruthy());
    expect(box().value).toBe('');
    expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('车牌号');
    // typing on is taken again, and the reason goes
    await user.type(box(), '号牌');
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('号牌'));
    expect(within(item()).queryByText(/不能为空/)).toBeNull();
    // refused again, then the box is left: it shows the field's value, without the reason
    await user.clear(box());
    await waitFor(() => expect(within(item()).getByText(/不能为空/)).toBeTruthy());
    await user.click(within(panel).getByText('号牌（plateNo）'));
    await waitFor(() => expect(box().value).toBe('号牌'));
    expect(within(item()).queryByText(/不能为空/)).toBeNull();
    expect(card('plateNo').querySelector('.wb-fd-label')!.textContent).toBe('号牌');
  });

  it('batch edit across a multi-selection is one undo step', async () => {
    const { user } = setup();
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    await user.click(card('plateNo'));
    fireEvent.click(card('driver'), { shiftKey: true });
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('已选 2 个字段：批量修改');
    await user.click(within(panel).getByText('必填').closest('.ant-formily-item')!.querySelector('button[role="switch"]')!);
    await waitFor(() => expect(document.querySelectorAll('.wb-fd-field .wb-fd-required')).toHaveLength(2));
    await user.click(within(panel).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(document.querySelectorAll('.wb-fd-field .wb-fd-required')).toHaveLength(0));
    // 标题 typed across the selection (the box empty: the titles differ) gives both the same; 恢复默认
    // gives each the label of its own column, in one step
    const label = (name: string) => card(name).querySelector('.wb-fd-label')!.textContent;
    await user.type(within(panel).getByText('标题').closest('.ant-formily-item')!.querySelector('input')!, '甲');
    await waitFor(() => expect([label('plateNo'), label('driver')]).toEqual(['甲', '甲']));
    await user.click(within(panel).getByRole('button', { name: '标题 恢复默认' }));
    await waitFor(() => expect([label('plateNo'), label('driver')]).toEqual(['车牌号', '司机']));
    await user.click(within(panel).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect([label('plateNo'), label('driver')]).toEqual(['甲', '甲']));
  });

  it('batch edit shows 多个值 where the selected fields differ, the shared value where they agree, and writes nothing until a value is changed', async () => {
    const { user, calls } = setup();
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    // 车牌号 made required first, on its own
    await user.click(card('plateNo'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('车牌号（plateNo）');
    const item = (name: string) => within(panel).getByText(name).closest('.ant-formily-item') as HTMLElement;
    await user.click(item('必填').querySelector('button[role="switch"]')!);
    await waitFor(() => expect(card('plateNo').querySelector('.wb-fd-required')).toBeTruthy());
    await waitFor(() => expect(puts(calls)).toHaveLength(1), { timeout: 4000 });
    fireEvent.click(card('driver'), { shiftKey: true });
    await within(panel).findByText('已选 2 个字段：批量修改');
    // 标题 and 必填 differ: empty, said to be several values; 可修改 is the same for both
    const title = item('标题').querySelector('input') as HTMLInputElement;
    await waitFor(() => expect(title.placeholder).toBe('多个值'));
    expect(title.value).toBe('');
    expect(item('必填').querySelector('button[role="switch"]')!.classList.contains('ant-switch-checked')).toBe(false);
    expect(within(item('必填')).getByText('多个值')).toBeTruthy();
    expect(item('可修改').querySelector('button[role="switch"]')!.getAttribute('aria-checked')).toBe('true');
    expect(within(item('可修改')).queryByText('多个值')).toBeNull();
    // looking is not editing: nothing saved (the one save is 车牌号's 必填)
    await new Promise((r) => setTimeout(r, 1500));
    expect(puts(calls)).toHaveLength(1);
    // switched on: both required, one step; the switch now shows the shared value
    await user.click(item('必填').querySelector('button[role="switch"]')!);
    await waitFor(() => expect(document.querySelectorAll('.wb-fd-field .wb-fd-required')).toHaveLength(2));
    await waitFor(() => expect(within(item('必填')).queryByText('多个值')).toBeNull());
    expect(item('必填').querySelector('button[role="switch"]')!.getAttribute('aria-checked')).toBe('true');
    // one undo step: 司机 loses it, 车牌号 keeps its own
    await user.click(within(panel).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(document.querySelectorAll('.wb-fd-field .wb-fd-required')).toHaveLength(1));
    expect(card('plateNo').querySelector('.wb-fd-required')).toBeTruthy();
    await waitFor(() => expect(within(item('必填')).getByText('多个值')).toBeTruthy());
  }, 20_000);

});

/** The fixture's form with 车牌号 and 司机 opening popups (弹窗单选) of the given templates. */
const withPickers = (plateNo: number | null, driver: number | null): Template => parseTemplate({
  ...template(),
  formSubList: template().formSubList!.map((f) => ({ ...f, formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: f.fieldName === 'plateNo' ? plateNo : driver, resourceList: [] })),
});
type User = ReturnType<typeof setup>['user'];
const listCalls = (calls: ReturnType<typeof setup>['calls']) => calls.filter((c) => c.url === '/optimus_prime/cg-format/list');
/** The 弹窗模板 form item of the panel. */
const pickerItem = () => within(screen.getByRole('complementary', { name: '属性面板' })).getByText('弹窗模板').closest('.ant-formily-item') as HTMLElement;
/** What the 弹窗模板 box shows. */
const shownTemplate = () => pickerItem().querySelector('.ant-select-selection-item')?.textContent ?? '';
/** Opens the 弹窗模板 select, types `search` and clicks the option shown as `option`. */
async function choose(user: User, search: string, option: string) {
  const box = within(pickerItem()).getByRole('combobox', { name: '弹窗模板' });
  await user.click(box);
  await user.type(box, search);
  const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].pop()!;
  await waitFor(() => expect(open.querySelector(`.ant-select-item-option[title="${option}"]`)).toBeTruthy());
  await user.click(open.querySelector(`.ant-select-item-option[title="${option}"]`)!);
}
/** The draft's plateNo as the last autosave stored it. */
const savedPlateNo = (calls: ReturnType<typeof setup>['calls']) => {
  const last = puts(calls).at(-1)?.body as { draft: Template } | undefined;
  return last?.draft.formSubList?.find((f) => f.fieldName === 'plateNo');
};

describe('form designer: 弹窗模板 (the popup a picker field opens)', () => {
  it('is chosen among the popup templates by name, as one undo step; the list is read once', async () => {
    const { user, calls } = setup({ draft: withPickers(12, null) });
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    await user.click(card('plateNo'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('车牌号（plateNo）');
    // the stored id shows as the template's name
    await waitFor(() => expect(shownTemplate()).toBe('物料弹窗（#12）'));
    // the options are the popup templates only (not the FORM 车辆), found by name
    await user.click(within(pickerItem()).getByRole('combobox', { name: '弹窗模板' }));
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].pop()!;
    await waitFor(() => expect([...open.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toEqual(['物料弹窗（#12）', '供应商弹窗（#13）']));
    await user.keyboard('{Escape}');
    await choose(user, '供应商', '供应商弹窗（#13）');
    await waitFor(() => expect(shownTemplate()).toBe('供应商弹窗（#13）'));
    await waitFor(() => expect(savedPlateNo(calls)?.cgFormatResId).toBe(13), { timeout: 4000 });
    // one 撤销 puts the earlier template back
    await user.click(within(panel).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(shownTemplate()).toBe('物料弹窗（#12）'));
    await waitFor(() => expect(savedPlateNo(calls)?.cgFormatResId).toBe(12), { timeout: 4000 });
    // another picker field, and back: the list was read once, for popup templates
    await user.click(card('driver'));
    await within(panel).findByText('司机（driver）');
    await user.click(card('plateNo'));
    await within(panel).findByText('车牌号（plateNo）');
    await waitFor(() => expect(shownTemplate()).toBe('物料弹窗（#12）'));
    expect(listCalls(calls)).toHaveLength(1);
    expect(listCalls(calls)[0].query).toMatchObject({ formatType: 'RESOURCE' });
    // configuration calls only: no business data is read for it
    expect(calls.filter((c) => !c.url.startsWith('/optimus_prime/')).map((c) => c.url)).toEqual([]);
    // 恢复默认: no popup template
    await user.click(within(panel).getByRole('button', { name: '弹窗模板 恢复默认' }));
    await waitFor(() => expect(shownTemplate()).toBe(''));
    await waitFor(() => expect(savedPlateNo(calls)?.cgFormatResId ?? null).toBeNull(), { timeout: 4000 });
  }, 30_000);

  it('an id that is not a popup template stays shown, with a warning; clearing sets null; a batch choice sets both', async () => {
    const { user, calls } = setup({ draft: withPickers(9, 34) });
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    await user.click(card('plateNo'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('车牌号（plateNo）');
    await waitFor(() => expect(shownTemplate()).toBe('#9（不是弹窗模板）'));
    expect(within(pickerItem()).getByRole('alert').textContent).toBe('#9 是表单模板「车辆」，不是弹窗模板，请重新选择');
    await user.click(card('driver'));
    await within(panel).findByText('司机（driver）');
    await waitFor(() => expect(shownTemplate()).toBe('#34（不存在）'));
    expect(within(pickerItem()).getByRole('alert').textContent).toBe('没有 id 为 34 的模板（可能已删除），请重新选择');
    // clearing: no value, no warning
    fireEvent.mouseDown(pickerItem().querySelector('.ant-select-clear')!);
    await waitFor(() => expect(shownTemplate()).toBe(''));
    expect(within(pickerItem()).queryByRole('alert')).toBeNull();
    await waitFor(() => {
      const last = puts(calls).at(-1)?.body as { draft: Template } | undefined;
      expect(last?.draft.formSubList?.map((f) => f.cgFormatResId)).toEqual([9, null]);
    }, { timeout: 4000 });
    // both selected: one choice sets both
    fireEvent.click(card('plateNo'), { shiftKey: true });
    await within(panel).findByText('已选 2 个字段：批量修改');
    await choose(user, '12', '物料弹窗（#12）');
    await waitFor(() => {
      const last = puts(calls).at(-1)?.body as { draft: Template } | undefined;
      expect(last?.draft.formSubList?.map((f) => f.cgFormatResId)).toEqual([12, 12]);
    }, { timeout: 4000 });
    expect(within(pickerItem()).queryByRole('alert')).toBeNull();
  }, 30_000);
});
