import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../../runtime';
import type { HistoryEntry } from '../../schema/design-history';
import { fromTemplate } from '../../schema/design-nodes';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import { currentTemplate, execute, openDesigner, type DesignerState, type Outcome } from '../engine/designer';
import { FormatDesignPage } from './form-designer-page';

/** Version 1 of the form, which the draft was rolled back to. */
const version1 = (): Template => parseTemplate({
  formatName: '车辆', formatCode: 'fd_truck_form', formatType: 'FORM', customTable: 'fd_truck', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  formSubList: [
    { fieldName: 'plateNo', fieldExplain: '车牌号', customTable: 'fd_truck', formSubmitType: 'ONE_TXT', fieldType: 'CHAR' },
    { fieldName: 'driver', fieldExplain: '司机', customTable: 'fd_truck', formSubmitType: 'ONE_TXT', fieldType: 'CHAR' },
  ],
});

const ok = (out: Outcome): DesignerState => {
  if (!out.ok) throw new Error(out.refusal.message);
  return out.state;
};

/**
 * The server's history of the draft: 车牌号 moved to the second row (canvas), 司机 renamed 驾驶员
 * (panel), then 回滚到版本 1, recorded by the server as one step replacing the whole node map.
 */
function rolledBackHistory(): HistoryEntry[] {
  const moved = ok(execute(openDesigner(version1(), [], 'a'), { type: 'move', id: 'f:fd_truck.plateNo', to: { row: 1, col: 0 } }));
  const edited = ok(execute(moved, { type: 'set-property', id: 'f:fd_truck.driver', key: 'fieldExplain', value: '驾驶员' }));
  const before = fromTemplate(parseTemplate(JSON.parse(JSON.stringify(currentTemplate(edited)))));
  const step = { id: 'server-9-5', scope: 'canvas' as const, label: '回滚到版本 1', patches: [{ op: 'replace' as const, path: [], value: fromTemplate(version1()) }], inverse: [{ op: 'replace' as const, path: [], value: before }], typing: null };
  return JSON.parse(JSON.stringify([...edited.pending, { action: 'do', step }])) as HistoryEntry[];
}

function setup() {
  const request = vi.fn(async (o: RuntimeRequest) => {
    if (o.url === '/optimus_prime/cg-format/draft/9') {
      return { id: 9, formatCode: 'fd_truck_form', formatName: '车辆', formatType: 'FORM', customTable: 'fd_truck', tableExplain: '车辆', version: 5, changed: false, publishedAt: null, publishedBy: null, draft: version1() };
    }
    if (o.url === '/optimus_prime/cg-format/history/9') return { version: 5, entries: rolledBackHistory() };
    if (o.url === '/optimus_prime/cg-custom-table/list') return { list: [], total: 0 };
    // autosave after an undo
    if (o.method === 'PUT') return { version: 6, changed: true };
    throw new Error(`unexpected call ${o.method ?? 'GET'} ${o.url}`);
  }) as unknown as RuntimeServices['request'];
  const services: RuntimeServices = { request, download: vi.fn(), hasPermission: () => true, desensitize: false };
  render(<AntApp><RuntimeProvider value={services}><FormatDesignPage id={9} /></RuntimeProvider></AntApp>);
  return userEvent.setup();
}

const card = (fieldName: string) => document.querySelector(`.wb-fd-field[data-field="${fieldName}"]`) as HTMLElement | null;
const label = (fieldName: string) => card(fieldName)?.querySelector('.wb-fd-label')?.textContent;
const undoIn = (area: HTMLElement) => within(area).getByRole('button', { name: /撤\s*销/ }) as HTMLButtonElement;
const canvasBar = () => document.querySelector('.wb-fd-canvas-bar') as HTMLElement;
const panel = () => screen.getByRole('complementary', { name: '属性面板' });

afterEach(cleanup);

describe('form designer after a 回滚', () => {
  it("the canvas's 撤销 draws the draft before the 回滚, then undoes the steps made before it", async () => {
    const user = setup();
    await waitFor(() => expect(label('driver')).toBe('司机'));
    await waitFor(() => expect(undoIn(canvasBar()).disabled).toBe(false));
    await user.click(undoIn(canvasBar()));
    await waitFor(() => expect(label('driver')).toBe('驾驶员'));
    expect(card('plateNo')!.style.gridRow).toBe('2');
    expect(document.querySelector('.wb-fd-live')!.textContent).toBe('已撤销');
    await user.click(undoIn(canvasBar()));
    await waitFor(() => expect(card('plateNo')!.style.gridRow).toBe('1'));
    await user.click(undoIn(panel()));
    await waitFor(() => expect(label('driver')).toBe('司机'));
  });

  it("the panel's 撤销 undoes the 回滚 too (it replaced the properties as well), not the edit made before it", async () => {
    const user = setup();
    await waitFor(() => expect(label('driver')).toBe('司机'));
    await waitFor(() => expect(undoIn(panel()).disabled).toBe(false));
    await user.click(undoIn(panel()));
    await waitFor(() => expect(label('driver')).toBe('驾驶员'));
    expect(card('plateNo')!.style.gridRow).toBe('2');
    // the canvas's 撤销 goes on with the move made before the 回滚
    await user.click(undoIn(canvasBar()));
    await waitFor(() => expect(card('plateNo')!.style.gridRow).toBe('1'));
    expect(label('driver')).toBe('驾驶员');
  });
});
