import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, SUBMIT_DEBOUNCE_MS, type RuntimeRequest, type RuntimeServices } from '../../runtime';
import type { Template } from '../../schema/template';
import { PreviewDialog } from './preview-dialog';
import { PublishDialog } from './publish-dialog';

// the draft differs from what the runtime would read: 备注 is required only in the draft
const draft: Template = {
  id: 7, formatName: '销售收款表单', formatCode: 'recive_payment_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'recive_payment',
  resUrl: '/account/recive-payment/list',
  formSubList: [
    { fieldName: 'billCode', fieldExplain: '收款单号', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 },
    { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'ONE_TXT', irequired: true, seq: 20 },
  ],
};
const TOKEN = 'preview-token-abc';

function setupPreview() {
  const calls: RuntimeRequest[] = [];
  const request = vi.fn(async (options: RuntimeRequest) => {
    calls.push(options);
    if (options.url === '/optimus_prime/cg-format/preview-options') {
      return { roles: [{ id: 3, roleCode: 'finance', roleName: '财务' }, { id: 4, roleCode: 'weigher', roleName: '司磅员' }], orgs: [{ id: 1, orgCode: 'A', orgName: '东方能源有限公司' }, { id: 2, orgCode: 'B', orgName: '华北钢铁有限公司' }], currentOrg: 1 };
    }
    if (options.url === '/optimus_prime/cg-format/preview-token') {
      return { token: TOKEN, expiresAt: '2026-11-26T10:30:00Z', formatId: 7, formatType: 'FORM', role: { id: 3, roleName: '财务' }, org: { id: 2, orgName: '华北钢铁有限公司' }, permissions: ['recive_payment_add'] };
    }
    if (options.url === '/optimus_prime/cg-format/draft/7') return { version: 5, draft };
    if (options.url === '/optimus_prime/cg-format/dry-run/7') {
      const values = (options.body as { values: Record<string, unknown> }).values;
      return { saved: { id: 901, ...values, orgId: 2, version: 1 }, lines: [], written: 0 };
    }
    throw new Error(`unexpected ${options.url}`);
  }) as unknown as RuntimeServices['request'];
  const services: RuntimeServices = {
    request, download: vi.fn(), hasPermission: () => true, desensitize: false,
    user: { user: 1, username: '系统管理员', currentOrg: 1, currentOrgName: '东方能源有限公司', currentGroup: 9, currentGroupName: '演示集团' },
  };
  render(<AntApp><RuntimeProvider value={services}><PreviewDialog formatId={7} formatName="销售收款表单" open onClose={() => undefined} /></RuntimeProvider></AntApp>);
  return { calls, user: userEvent.setup() };
}

const pick = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
};
const field = (name: string) => document.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;

afterEach(cleanup);

describe('预览 (preview as a role and organisation)', () => {
  it('renders the draft under a preview token for the chosen role and organisation, and 提交 is a dry run showing what would be saved', async () => {
    const { calls, user } = setupPreview();
    expect(await screen.findByText('请选择角色和组织，然后点击开始预览')).toBeTruthy();
    await pick(user, '角色', '财务');
    await pick(user, '组织', '华北钢铁有限公司');
    await user.click(screen.getByRole('button', { name: /开始预览/ }));
    // the token is asked for with the designer's own session; the draft is read under it
    expect(calls.find((c) => c.url === '/optimus_prime/cg-format/preview-token')).toMatchObject({ method: 'POST', body: { formatId: 7, roleId: 3, orgId: 2 } });
    expect(calls.find((c) => c.url === '/optimus_prime/cg-format/preview-token')!.headers?.['X-Preview-Token']).toBeUndefined();
    expect(await screen.findByText('以角色「财务」在「华北钢铁有限公司」预览草稿')).toBeTruthy();
    expect(calls.find((c) => c.url === '/optimus_prime/cg-format/draft/7')!.headers).toMatchObject({ 'X-Preview-Token': TOKEN });
    await waitFor(() => expect(field('billCode')).toBeTruthy());

    // the draft's rule (备注 required) holds before anything is sent
    await user.type(field('billCode'), 'SK-PV-9');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('必须填写备注')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('dry-run'))).toBe(false);

    await user.type(field('remark'), '预演');
    await new Promise((resolve) => setTimeout(resolve, SUBMIT_DEBOUNCE_MS + 50)); // a second click within the debounce is the same submit
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    const result = await screen.findByTestId('dry-run-result');
    expect(within(result).getByText('预演：未写入任何数据')).toBeTruthy();
    expect(within(result).getByText('SK-PV-9')).toBeTruthy();
    expect(within(result).getByText('收款单号')).toBeTruthy();
    const dry = calls.find((c) => c.url === '/optimus_prime/cg-format/dry-run/7')!;
    expect(dry).toMatchObject({ method: 'POST', body: { values: { billCode: 'SK-PV-9', remark: '预演' } }, headers: { 'X-Preview-Token': TOKEN } });
    // nothing went to the resource itself
    expect(calls.some((c) => c.url.startsWith('/account/recive-payment'))).toBe(false);
  });
});

describe('发布 with the impact analysis', () => {
  it('lists each breaking reference with its template, and 发布 is enabled only when every one is confirmed; the note goes with it', async () => {
    const calls: RuntimeRequest[] = [];
    const request = vi.fn(async (options: RuntimeRequest) => {
      calls.push(options);
      if (options.url === '/optimus_prime/cg-format/impact/7') {
        return {
          removed: [{ kind: 'removed', key: 'as_driver.mobile', label: '手机号' }], breaking: true,
          references: [
            { kind: 'picker', formatId: 12, formatCode: 'as_vehicle_form', formatName: '车辆表单', menuTitle: '车辆档案', path: 'formSubList[3].resourceList[1].fieldSub2', fieldName: 'mobile', message: '弹窗字段 司机(driverName) 的结果映射取自被删除的字段 mobile' },
            { kind: 'sum', formatId: 13, formatCode: 'x_form', formatName: '结算表单', menuTitle: null, path: 'formSubList[1].calculate', fieldName: 'mobile', message: '金额(amount) 的合计引用了被删除的字段 mobile' },
          ],
        };
      }
      if (options.url === '/optimus_prime/cg-format/publish/7') return { version: 6, versionNo: 3, contentHash: 'a'.repeat(64), changed: false, publishedAt: null, publishedBy: 'admin' };
      throw new Error(`unexpected ${options.url}`);
    }) as unknown as RuntimeServices['request'];
    const openPage = vi.fn();
    const onPublished = vi.fn();
    const services: RuntimeServices = { request, download: vi.fn(), hasPermission: () => true, desensitize: false, openPage };
    render(<AntApp><RuntimeProvider value={services}><PublishDialog formatId={7} formatName="司机表单" version={5} open onClose={() => undefined} onPublished={onPublished} /></RuntimeProvider></AntApp>);
    expect(await screen.findByText('发布会破坏 2 处引用，请逐条确认后再发布')).toBeTruthy();
    const user = userEvent.setup();
    const publish = () => screen.getByRole('button', { name: /发\s*布/ });
    expect(publish().hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByText('车辆表单（as_vehicle_form）'));
    expect(openPage).toHaveBeenCalledWith('/custom/format/form/sub?id=12');
    const boxes = screen.getAllByRole('checkbox', { name: '我已知晓此影响' });
    await user.click(boxes[0]);
    expect(publish().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('还有 1 条未确认')).toBeTruthy();
    await user.click(boxes[1]);
    expect(publish().hasAttribute('disabled')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: '发布说明' }), '去掉手机号');
    await user.click(publish());
    await waitFor(() => expect(onPublished).toHaveBeenCalledWith(expect.objectContaining({ versionNo: 3 })));
    expect(calls.find((c) => c.url === '/optimus_prime/cg-format/publish/7')).toMatchObject({ method: 'POST', body: { version: 5, note: '去掉手机号' } });
  });
});
