import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime';
import type { FormatVersion } from './format-api';
import { VersionPanel } from './version-panel';

const VERSIONS: FormatVersion[] = [
  { versionNo: 1, contentHash: 'a'.repeat(64), author: 'seed', note: '初始版本', rollbackOf: null, createdAt: '2026-11-20T08:00:00Z' },
  { versionNo: 2, contentHash: 'b'.repeat(64), author: 'admin', note: '首次设计', rollbackOf: null, createdAt: '2026-11-21T08:00:00Z' },
  { versionNo: 3, contentHash: 'c'.repeat(64), author: 'admin', note: '车牌移到最后', rollbackOf: null, createdAt: '2026-11-22T08:00:00Z' },
];

function setup(permissions: string[], draft: { changed: boolean; version?: number } = { changed: false }) {
  const calls: RuntimeRequest[] = [];
  let versions = [...VERSIONS];
  const request = vi.fn(async (options: RuntimeRequest) => {
    calls.push(options);
    if (options.url === '/optimus_prime/cg-format/versions/5') return { list: versions, changed: draft.changed };
    if (options.url === '/optimus_prime/cg-format/draft/5') return { version: draft.version ?? 9, changed: draft.changed };
    if (options.url === '/optimus_prime/cg-format/diff/5') {
      return { entries: [{ kind: 'moved', area: 'formSubList', key: 'as_vehicle.plateNumber', label: '车牌号', from: { row: 0, col: 0, group: null, unit: 12 }, to: { row: 3, col: 12, group: null, unit: 12 } }, { kind: 'span', area: 'formSubList', key: 'as_vehicle.driver', label: '司机', from: 12, to: 24, units: { from: 12, to: 12 } }, { kind: 'property', area: 'formSubList', key: 'as_vehicle.noticeCode', label: 'Q通知单号ABCD', property: 'fieldExplain', before: '通知单号', after: 'Q通知单号ABCD' }, { kind: 'property', area: 'formSubList', key: 'as_vehicle.noticeCode', label: 'Q通知单号ABCD', property: 'imerge', before: false, after: true }] };
    }
    if (options.url === '/optimus_prime/cg-format/rollback/5/1') {
      versions = [...versions, { ...VERSIONS[0], versionNo: 4, author: 'admin', note: '回滚到版本 1', rollbackOf: 1 }];
      return { versionNo: 4, contentHash: 'a'.repeat(64), rollbackOf: 1, version: 10 };
    }
    throw new Error(`unexpected ${options.url}`);
  }) as unknown as RuntimeServices['request'];
  const services: RuntimeServices = { request, download: vi.fn(), hasPermission: (key) => !key || permissions.includes(key), desensitize: false };
  const onChanged = vi.fn();
  render(<AntApp><RuntimeProvider value={services}><VersionPanel formatId={5} formatName="车辆表单" open onClose={() => {}} onChanged={onChanged} /></RuntimeProvider></AntApp>);
  return { calls, onChanged, user: userEvent.setup() };
}

afterEach(cleanup);

describe('版本 panel', () => {
  it('lists the versions, shows the diff of the latest version and the draft side by side, and rolls back after a confirmation', async () => {
    const { calls, onChanged, user } = setup(['custom_format_publish']);
    const row = (await screen.findByText('车牌移到最后')).closest('tr')!;
    expect(within(row).getByText('当前')).toBeTruthy();
    expect(within(row).getByText('cccccccc')).toBeTruthy();
    // the current version cannot be rolled back to; the older ones can
    expect(within(row).queryByRole('button', { name: /回\s*滚/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: /比\s*较/ }));
    const moved = (await screen.findByText('已移动')).closest('tr')!;
    expect(within(moved).getByText('车牌号 (as_vehicle.plateNumber)')).toBeTruthy();
    // named by column as the designer names them, not by grid unit
    expect(within(moved).getByText('第1行第1列')).toBeTruthy();
    expect(within(moved).getByText('第4行第2列')).toBeTruthy();
    const span = screen.getByText('宽度变化').closest('tr')!;
    expect(within(span).getByText('占1列')).toBeTruthy();
    expect(within(span).getByText('占2列')).toBeTruthy();
    // a changed property by the panel's label; one the panel does not show, by its name
    const [title, merge] = screen.getAllByText('属性变化').map((t) => t.closest('tr')!);
    expect(within(title).getByText('标题: 通知单号')).toBeTruthy();
    expect(within(title).getByText('标题: Q通知单号ABCD')).toBeTruthy();
    expect(within(merge).getByText('imerge: true')).toBeTruthy();
    expect(calls.find((c) => c.url === '/optimus_prime/cg-format/diff/5')!.query).toEqual({ from: '3', to: 'draft' });

    const first = screen.getByText('初始版本').closest('tr')!;
    await user.click(within(first).getByRole('button', { name: /回\s*滚/ }));
    expect(await screen.findByText('回滚到版本 1？它将作为新版本发布，已有版本都保留。')).toBeTruthy();
    // the draft is the published version: nothing of it is lost, nothing more to say
    expect(screen.queryByText(/尚未发布的修改/)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已回滚：版本 1 发布为版本 4')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ url: '/optimus_prime/cg-format/rollback/5/1', body: { version: 9 } });
    expect(await screen.findByText(/回滚自版本 1/)).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('says plainly that the draft\'s unpublished changes are replaced, and rolls back the revision it was shown with', async () => {
    const { calls, user } = setup(['custom_format_publish'], { changed: true, version: 12 });
    const first = (await screen.findByText('初始版本')).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: /回\s*滚/ }));
    const confirm = (await screen.findByText('回滚到版本 1？它将作为新版本发布，已有版本都保留。')).closest('.ant-popconfirm') as HTMLElement;
    expect(within(confirm).getByText('草稿中尚未发布的修改将被版本 1 替换；回滚后可在设计器中用「撤销」找回。')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已回滚：版本 1 发布为版本 4')).toBeTruthy();
    // the revision read when the confirmation opened (an edit saved since would make it stale: 409)
    expect(calls.filter((c) => c.url === '/optimus_prime/cg-format/draft/5')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { version: 12 } });
  });

  it('offers no 回滚 without custom_format_publish', async () => {
    setup([]);
    await screen.findByText('初始版本');
    expect(screen.queryByRole('button', { name: /回\s*滚/ })).toBeNull();
  });
});
