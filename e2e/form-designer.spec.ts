import { expect, test, type Page } from './support/test';
import { apiJson } from './support/admin-api';
import { openFormDesigner, signInAsAdmin } from './support/designer';
import { expectNoConsoleErrors, watchConsole } from './support/login';

const SHOTS = process.env.E2E_SHOTS;
const ROW_PX = 76;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [[1440, 900], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

interface Draft { version: number; draft: { formSubList: { fieldName: string; fieldExplain: string; irequired?: boolean; customTable?: string }[] } & Record<string, unknown> }

/**
 * A copy of the seeded purchase settlement's FORM template (unique per run) without one of its
 * fields, so the palette offers that column.
 */
async function templateToDesign(page: Page): Promise<{ id: number; field: string; label: string; table: string }> {
  const found = await apiJson<{ list: { id: number; formatCode: string }[] }>(page, 'GET', '/optimus_prime/cg-format/list?formatCode=fd_pu_settlement_main_form&formatType=FORM&pn=1&ps=20');
  const source = found.data.list.find((r) => r.formatCode === 'fd_pu_settlement_main_form')!;
  const suffix = Date.now().toString(36);
  const copy = await apiJson<{ id: number }>(page, 'POST', `/optimus_prime/cg-format/copy/${source.id}`, { formatCode: `fd_e2e_design_${suffix}`, formatName: `表单设计${suffix}` });
  expect(copy.success, copy.msg).toBe(true);
  const { data } = await apiJson<Draft>(page, 'GET', `/optimus_prime/cg-format/draft/${copy.data.id}`);
  const removed = data.draft.formSubList.filter((f) => !f.irequired).at(-1)!;
  const saved = await apiJson(page, 'PUT', `/optimus_prime/cg-format/draft/${copy.data.id}`, {
    version: data.version, draft: { ...data.draft, formSubList: data.draft.formSubList.filter((f) => f !== removed) },
  });
  expect(saved.success, saved.msg).toBe(true);
  return { id: copy.data.id, field: removed.fieldName, label: removed.fieldExplain, table: removed.customTable ?? String(data.draft.customTable) };
}

test('表单设计: an administrator drags a column onto the canvas, places and resizes it keyboard-only, sets 必填; after a reload undo still works', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await signInAsAdmin(page);
  const { id, field, label, table } = await templateToDesign(page);
  const designer = await openFormDesigner(page, id);
  await expect(designer.locator('.wb-fd-canvas-bar')).toContainText('8 列');
  const item = designer.locator(`[data-palette="col:${table}.${field}"]`);
  await expect(item).toBeVisible();
  await shot(page, 'form-designer');

  // drag the column from the palette onto the first free row of the canvas
  const grid = designer.locator('.wb-fd-grid[data-group=""]');
  await grid.scrollIntoViewIfNeeded();
  const box = (await grid.boundingBox())!;
  const from = (await item.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  // the dragged item's top-left corner lands on the cell: the pointer keeps its offset within the item
  const aim = { x: box.x + 4 + (start.x - from.x), y: box.y + box.height - 2 * ROW_PX + 4 + (start.y - from.y) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 3 });
  await page.mouse.move(aim.x, aim.y, { steps: 12 });
  await expect(designer.locator('.wb-fd-ghost')).toBeVisible();
  // the dragged column's name follows the pointer, keeping the pointer's place on the item
  const overlay = designer.locator('.wb-fd-overlay');
  await expect(overlay).toHaveText(label);
  const moved = (await overlay.boundingBox())!;
  expect(Math.abs(moved.x - (aim.x - (start.x - from.x)))).toBeLessThan(3);
  expect(Math.abs(moved.y - (aim.y - (start.y - from.y)))).toBeLessThan(3);
  await page.mouse.up();
  const card = designer.locator(`.wb-fd-field[data-field="${field}"]`);
  await expect(card).toBeVisible();
  await expect(item).toHaveCount(0);
  const live = designer.locator('.wb-fd-live');
  await expect(live).toHaveText(/^已移动到第(\d+)行第1列，占1列$/);
  const row = Number(/第(\d+)行/.exec((await live.textContent())!)![1]);

  // keyboard only: Space picks up, ↓ one row, Shift+→ one column wider, Enter drops
  await card.focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('已拿起');
  await page.keyboard.press('ArrowDown');
  await expect(live).toHaveText(`第${row + 1}行第1列，占1列`);
  await page.keyboard.press('ArrowRight');
  await expect(live).toHaveText(`第${row + 1}行第2列，占1列`);
  // Tab keeps the focus on the field being carried, and the drag goes on
  await page.keyboard.press('Tab');
  await expect(card).toBeFocused();
  await expect(live).toHaveText(`第${row + 1}行第2列，占1列`);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(live).toHaveText(`第${row + 1}行第2列，占2列`);
  await page.keyboard.press('Enter');
  await expect(live).toHaveText(`已移动到第${row + 1}行第2列，占2列`);
  await expect(card).toHaveCSS('grid-column-start', '7');
  await expect(card).toHaveCSS('grid-column-end', 'span 12');
  // Shift+→ past the row end is clamped visibly
  await card.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowRight');
  await expect(designer.locator('.wb-fd-clamp')).toContainText('宽度受限：要求占8列，该位置最多占7列');
  await expect(card).toHaveCSS('grid-column-end', 'span 42');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(card).toHaveCSS('grid-column-end', 'span 36');

  // 必填 in the property panel
  const panel = designer.locator('.wb-fd-panel');
  await expect(panel.locator('.wb-fd-panel-title')).toContainText(label);
  await panel.locator('.ant-formily-item').filter({ hasText: '必填' }).getByRole('switch').click();
  await expect(card.locator('.wb-fd-required')).toBeVisible();
  await expect(page.locator('.wb-fd-save')).toHaveText('已自动保存', { timeout: 15_000 });
  await shot(page, 'form-designer-edited');

  // reload: the draft and its history come back; Ctrl+Z in the panel undoes 必填, on the canvas the last resize
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.locator('.wb-fd-required')).toBeVisible();
  await expect(card).toHaveCSS('grid-column-end', 'span 36');
  await panel.getByRole('button', { name: /撤\s*销/ }).click();
  await expect(card.locator('.wb-fd-required')).toHaveCount(0);
  await expect(card).toHaveCSS('grid-column-end', 'span 36');
  await card.focus();
  await page.keyboard.press('Control+z');
  await expect(card).toHaveCSS('grid-column-end', 'span 42');
  await expect(page.locator('.wb-fd-save')).toHaveText('已自动保存', { timeout: 15_000 });

  // the stored draft is what the canvas shows
  const { data } = await apiJson<Draft>(page, 'GET', `/optimus_prime/cg-format/draft/${id}`);
  const stored = data.draft.formSubList.find((f) => f.fieldName === field) as { irequired?: boolean; layout?: { row: number; col: number; span: number } };
  expect(stored.irequired ?? false).toBe(false);
  expect(stored.layout).toMatchObject({ row, col: 6, span: 42 });
  await expectNoConsoleErrors(problems);
});

/** Presses at `from`, moves in steps to `to` (checking `during` before letting go) and releases. */
async function pointerDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, during?: () => Promise<void>) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  if (during) await during();
  await page.mouse.up();
}
const centre = (b: { x: number; y: number; width: number; height: number }) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

test('表单设计 by pointer: a control kind dropped on a field changes its control, 整行 widens it to the row, a card is moved and resized by its edge', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await signInAsAdmin(page);
  const { id } = await templateToDesign(page);
  const designer = await openFormDesigner(page, id);
  const grid = designer.locator('.wb-fd-grid[data-group=""]');
  const first = grid.locator('.wb-fd-field').first();
  await expect(first).toBeVisible();
  const field = (await first.getAttribute('data-field'))!;
  const card = grid.locator(`.wb-fd-field[data-field="${field}"]`);

  // 时间点 from the palette onto the first field: the field is highlighted while the kind is over it
  const kind = designer.locator('[data-palette="kind:TIME_BOX_TIM"]');
  await kind.scrollIntoViewIfNeeded();
  await pointerDrag(page, centre((await kind.boundingBox())!), centre((await card.boundingBox())!), async () => {
    await expect(card).toHaveClass(/is-over/);
  });
  await expect(designer.locator('.wb-fd-live')).toHaveText('已改为 时间点');
  await expect(card).not.toHaveClass(/is-over/);

  // 整行 onto the same field: it spans the 48 units of its row (the fields right of it are in its way, so first
  // move it by the pointer to the free row under the last one)
  const rows = Number(await grid.evaluate((el) => Math.round(el.getBoundingClientRect().height / 76)));
  const gridBox = (await grid.boundingBox())!;
  const from = (await card.boundingBox())!;
  const grab = { x: from.x + 10, y: from.y + 10 };
  await pointerDrag(page, grab, { x: gridBox.x + 4 + 10, y: gridBox.y + (rows - 2) * ROW_PX + 4 + 10 }, async () => {
    await expect(designer.locator('.wb-fd-ghost')).toBeVisible();
  });
  const live = designer.locator('.wb-fd-live');
  await expect(live).toHaveText(/^已移动到第\d+行第1列，占1列$/);
  const row = Number(/第(\d+)行/.exec((await live.textContent())!)![1]);
  await expect(card).toHaveCSS('grid-row-start', String(row));

  // its right edge dragged two columns to the right: 3 columns wide
  const edge = card.locator('.wb-fd-resize');
  const e = (await edge.boundingBox())!;
  const colPx = gridBox.width / 8;
  await card.hover();
  await pointerDrag(page, centre(e), { x: e.x + e.width / 2 + 2 * colPx, y: e.y + e.height / 2 });
  await expect(card).toHaveCSS('grid-column-end', 'span 18');

  const row2 = designer.locator('[data-palette="layout:row"]');
  await row2.scrollIntoViewIfNeeded();
  await pointerDrag(page, centre((await row2.boundingBox())!), centre((await card.boundingBox())!));
  await expect(card).toHaveCSS('grid-column-end', 'span 48');
  await expect(page.locator('.wb-fd-save')).toHaveText('已自动保存', { timeout: 15_000 });

  const { data } = await apiJson<Draft>(page, 'GET', `/optimus_prime/cg-format/draft/${id}`);
  const stored = data.draft.formSubList.find((f) => f.fieldName === field) as { formSubmitType?: string; layout?: { row: number; col: number; span: number } };
  expect(stored.formSubmitType).toBe('TIME_BOX_TIM');
  expect(stored.layout).toMatchObject({ row: row - 1, col: 0, span: 48 });
  await expectNoConsoleErrors(problems);
});

test('表单设计 draws the rows near the screen: a field placed 60 rows down is drawn when scrolled to, and stays drawn while selected', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const { id } = await templateToDesign(page);
  const { data } = await apiJson<Draft>(page, 'GET', `/optimus_prime/cg-format/draft/${id}`);
  const far = data.draft.formSubList.at(-1)!;
  const saved = await apiJson(page, 'PUT', `/optimus_prime/cg-format/draft/${id}`, {
    version: data.version,
    // every field placed (one column each, 8 a row), the last one on row 61
    draft: { ...data.draft, formSubList: data.draft.formSubList.map((f, i) => ({ ...f, layout: f === far ? { row: 60, col: 0, span: 6 } : { row: Math.floor(i / 8), col: (i % 8) * 6, span: 6 } })) },
  });
  expect(saved.success, saved.msg).toBe(true);
  const grid = (await openFormDesigner(page, id)).locator('.wb-fd-grid[data-group=""]');
  await expect(grid.locator('.wb-fd-field').first()).toBeVisible();
  const card = grid.locator(`.wb-fd-field[data-field="${far.fieldName}"]`);
  // the grid is as tall as its 63 rows, but the card 60 rows down is not drawn until the page is scrolled to it
  expect((await grid.boundingBox())!.height).toBeGreaterThan(62 * ROW_PX);
  await expect(card).toHaveCount(0);
  await grid.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expect(card).toBeVisible();
  await expect(card).toHaveCSS('grid-row-start', '61');
  const top = grid.locator('.wb-fd-field').first();
  await card.click();
  await expect(card).toHaveClass(/is-selected/);
  // scrolled back to the top: the selected card stays (its row is kept), the others of the far rows are gone
  await page.locator('.wb-fd-canvas-bar').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(top).toBeInViewport();
  await expect(card).toHaveCount(1);
  await grid.locator('.wb-fd-field').first().click();
  await expect(card).toHaveCount(0);
});

interface ChildDraft { draft: { childSubLists: { label: string; fields: { fieldName: string; fieldExplain: string; seq?: number; columnWidth?: number | null; ishow?: boolean; ihidden?: boolean }[] }[] } }

test('表单设计 of a master-child form: a child table\'s columns are reordered by mouse and keyboard and widened by their edge in place; after a reload they stay, and 预览 draws them in that order', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await signInAsAdmin(page);
  const { id } = await templateToDesign(page);
  const designer = await openFormDesigner(page, id);
  const child = designer.locator('.wb-fd-child').first();
  await child.scrollIntoViewIfNeeded();
  await expect(child.locator('.wb-fd-child-title')).toContainText('子表：');
  const cells = child.locator('.wb-fd-child-col');
  const order = () => cells.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.field!));
  const first = await order();
  expect(first.length).toBeGreaterThanOrEqual(4);
  const live = designer.locator('.wb-fd-live');
  await shot(page, 'form-designer-child');

  // by mouse: the first column dropped on the third one's place
  const cell = (name: string) => child.locator(`.wb-fd-child-col[data-field="${name}"]`);
  await pointerDrag(page, centre((await cell(first[0]).boundingBox())!), centre((await cell(first[2]).boundingBox())!));
  await expect(live).toHaveText('已移动到第3列');
  const byMouse = [first[1], first[2], first[0], ...first.slice(3)];
  await expect.poll(order).toEqual(byMouse);

  // by keyboard: the first column one place to the right
  await cell(byMouse[0]).focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText(`第1列。左右方向键移动一列`);
  await page.keyboard.press('ArrowRight');
  await expect(live).toHaveText('第2列');
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('已移动到第2列');
  const byKey = [byMouse[1], byMouse[0], ...byMouse.slice(2)];
  await expect.poll(order).toEqual(byKey);
  await expect(cell(byMouse[0])).toBeFocused();

  // its right edge dragged 80 px to the right: the width shown while dragging, then kept
  const widened = cell(byKey[0]);
  const edge = widened.locator('.wb-fd-child-resize');
  const before = Number(await edge.getAttribute('aria-valuenow'));
  // the moved cells take their new places in the document a frame after the move: the edge is taken where it stands still
  await edge.hover();
  const e = centre((await edge.boundingBox())!);
  await pointerDrag(page, e, { x: e.x + 80, y: e.y }, async () => {
    await expect(child.locator('.wb-fd-child-live')).toContainText(/列宽 \d+/);
  });
  await expect(child.locator('.wb-fd-child-live')).toHaveCount(0);
  await expect.poll(async () => Number(await edge.getAttribute('aria-valuenow'))).toBeGreaterThan(before + 40);
  const width = Number(await edge.getAttribute('aria-valuenow'));
  await expect(live).toHaveText(new RegExp(`列宽 ${width}$`));
  await expect(page.locator('.wb-fd-save')).toHaveText('已自动保存', { timeout: 15_000 });
  await shot(page, 'form-designer-child-edited');

  // reload: the order and the width are the draft's
  await page.reload();
  await child.scrollIntoViewIfNeeded();
  await expect.poll(order).toEqual(byKey);
  await expect(edge).toHaveAttribute('aria-valuenow', String(width));
  const { data } = await apiJson<ChildDraft>(page, 'GET', `/optimus_prime/cg-format/draft/${id}`);
  const stored = data.draft.childSubLists[0].fields;
  expect(stored.map((f) => f.fieldName)).toEqual(byKey);
  expect(stored.find((f) => f.fieldName === byKey[0])!.columnWidth).toBe(width);

  // 预览: the runtime's line table has the columns in the new order
  await designer.page().getByRole('button', { name: /^预\s*览$/ }).click();
  const dialog = page.locator('.ant-modal:visible').filter({ has: page.locator('.wb-preview-pick') });
  for (const [label, option] of [['角色', '财务'], ['组织', '东方能源有限公司']]) {
    const box = dialog.getByRole('combobox', { name: label });
    await box.click({ force: true });
    await box.fill(option);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  }
  await dialog.getByRole('button', { name: /开始预览/ }).click();
  const head = dialog.locator('.wb-child-table').first().locator('.ant-table-thead th');
  await expect(head.first()).toBeVisible();
  const shown = stored.filter((f) => f.ishow !== false && !f.ihidden).map((f) => f.fieldExplain);
  await expect.poll(async () => (await head.allTextContents()).map((t) => t.replace(/^\*/, '')).filter((t) => shown.includes(t))).toEqual(shown);
  await expectNoConsoleErrors(problems);
});

test('表单设计 at 1280 px: one-column date-time and picker boxes of an 8-column form show their kind\'s short word whole in place of a cut placeholder, their span unchanged', async ({ page }) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const found = await apiJson<{ list: { id: number; formatCode: string }[] }>(page, 'GET', '/optimus_prime/cg-format/list?formatCode=mm_pu_weigh_form&formatType=FORM&pn=1&ps=20');
  const designer = await openFormDesigner(page, found.data.list.find((r) => r.formatCode === 'mm_pu_weigh_form')!.id);
  await expect(designer.locator('.wb-fd-canvas-bar')).toContainText('8 列');
  // what the box shows as its placeholder, and whether it fits the box (the runtime's 请选择日期 showed as 请…, 请选择 as 请.)
  const shown = async (fieldName: string, label: string) => {
    const card = designer.locator(`.wb-fd-field[data-field="${fieldName}"]`);
    await expect(card).toHaveAttribute('aria-label', new RegExp(`^${label}，第\\d+行第\\d+列，占1列`));
    return card.locator('.wb-fd-control input').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: input.placeholder, fits: context.measureText(input.placeholder).width <= room };
    });
  };
  expect(await shown('grossTime', '毛重时间')).toEqual({ text: '日期时间', fits: true });
  expect(await shown('vendorName', '供应商')).toEqual({ text: '选择', fits: true });
});
