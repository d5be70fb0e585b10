import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { card, puts, setup } from './designer-fixture';

/** A 400 as the request layer throws it: the server's message (with the parser path) and its `{ field, problem }`. */
const refused = () => Object.assign(new Error('模板校验未通过：formSubList[1].fieldName: 数据源 车辆(fd_truck) 没有字段 driver'), {
  status: 400, data: { field: 'formSubList[1].fieldName', problem: '数据源 车辆(fd_truck) 没有字段 driver' },
});
const widenDriver = () => {
  act(() => card('driver').focus());
  fireEvent.keyDown(card('driver'), { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true });
};
const narrowDriver = () => {
  act(() => card('driver').focus());
  fireEvent.keyDown(card('driver'), { key: 'ArrowLeft', code: 'ArrowLeft', shiftKey: true });
};
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const publishButton = () => screen.getByRole('button', { name: /^发\s*布$/ });

beforeEach(() => { vi.useFakeTimers({ shouldAdvanceTime: true }); });
afterEach(() => { cleanup(); vi.useRealTimers(); });

/** The form designer's autosave when the server does not take the draft, and 发布 then. */
describe('form designer: a save that fails', () => {
  it('a draft the server refuses (400) says why by the field, is not sent again by itself, 发布 is refused; the next edit saves', async () => {
    let refuse = true;
    const { calls } = setup({ put: (_body, n) => { if (refuse) throw refused(); return { version: 3 + n, changed: true }; } });
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    widenDriver();
    await advance(1500);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    // the reason in words: the field by its label, no parser path
    expect(await screen.findByText('保存失败：模板校验未通过：字段 driver（司机）：数据源 车辆(fd_truck) 没有字段 driver')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/formSubList\[/);
    // a 400 does not pass by sending the same draft again
    await advance(30_000);
    expect(puts(calls)).toHaveLength(1);

    // 发布 tries the save first; it fails again: refused, said why, nothing published
    fireEvent.click(publishButton());
    expect(await screen.findByText(/^草稿未保存，不能发布：模板校验未通过：字段 driver（司机）/)).toBeTruthy();
    expect(puts(calls)).toHaveLength(2);
    expect(calls.some((c) => /publish|impact/i.test(c.url))).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(30_000);
    expect(puts(calls)).toHaveLength(2);

    // the person changes something (here the server's cause is gone): the next edit saves, with every step kept
    refuse = false;
    narrowDriver();
    await advance(1500);
    await waitFor(() => expect(puts(calls)).toHaveLength(3));
    const body = puts(calls)[2].body as { history: { action: string; step: { label: string } }[] };
    expect(body.history.map((e) => `${e.action}:${e.step.label}`)).toEqual(['do:调整宽度', 'do:调整宽度']);
    expect(await screen.findByText('已自动保存')).toBeTruthy();
    expect(screen.queryByText(/^保存失败：/)).toBeNull();
  });

  it('a network or server failure is sent again by itself, waiting longer each time, until it saves', async () => {
    const { calls } = setup({ put: (_body, n) => { if (n <= 3) throw Object.assign(new Error('系统内部错误，请联系管理员'), { status: 500 }); return { version: 3 + n, changed: true }; } });
    await waitFor(() => expect(card('plateNo')).toBeTruthy());
    widenDriver();
    await advance(1300);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await screen.findByText('保存失败：网络或服务器暂时不可用，将自动重试')).toBeTruthy();
    // the second after 1.2 s, the third 2.4 s later, the fourth 4.8 s later
    await advance(1300);
    expect(puts(calls)).toHaveLength(2);
    await advance(1300);
    expect(puts(calls)).toHaveLength(2);
    await advance(1200);
    expect(puts(calls)).toHaveLength(3);
    await advance(4900);
    expect(puts(calls)).toHaveLength(4);
    expect(await screen.findByText('已自动保存')).toBeTruthy();
  });
});
