import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime';
import type { FormatRow } from './format-api';
import { FormatListPage } from './format-list-page';

const row = (id: number, formatCode: string, formatName: string, formatType: FormatRow['formatType'] = 'FORM'): FormatRow => ({
  id, formatCode, formatName, formatType, customTable: 'pu_notice', menuTitle: null, publishedAt: null, publishedBy: null, updatedAt: '2026-11-20T08:00:00Z', changed: false, unpublished: false,
});

/** The server's canonical export: keys sorted, two-space indented as the server writes it. */
const EXPORTED = '{\n  "customTable": "pu_notice",\n  "formSubList": [\n    {\n      "fieldExplain": "供应商",\n      "fieldName": "vendorName"\n    }\n  ],\n  "formatCode": "PU_NOTICE_FORM",\n  "formatName": "采购通知单",\n  "formatType": "FORM"\n}\n';

/** An error as the host's request layer throws it (ApiError's shape). */
const refusal = (status: number, message: string, data: unknown = null) => Object.assign(new Error(message), { status, data });

class ServerError extends Error {}

function setup(permissions: string[]) {
  const calls: RuntimeRequest[] = [];
  let rows = [row(1, 'PU_NOTICE_FORM', '采购通知单'), row(2, 'PU_NOTICE_LIST', '采购通知单列表', 'LIST')];
  const request = vi.fn(async (options: RuntimeRequest) => {
    calls.push(options);
    const body = options.body as Record<string, unknown> | undefined;
    if (options.url === '/optimus_prime/cg-format/list') {
      const code = options.query?.formatCode as string | undefined;
      const list = code ? rows.filter((r) => r.formatCode.includes(code)) : rows;
      return { list, total: list.length };
    }
    if (options.url === '/optimus_prime/cg-format/copy/1') {
      if (rows.some((r) => r.formatCode === body!.formatCode)) throw refusal(400, `模板编码 ${String(body!.formatCode)} 已存在`, { field: 'formatCode' });
      rows = [...rows, { ...row(3, String(body!.formatCode), String(body!.formatName)), unpublished: true }];
      return { id: 3, formatCode: body!.formatCode, version: 1 };
    }
    if (options.url === '/optimus_prime/cg-format/draft/1') return { id: 1, version: 7, changed: false };
    if (options.url === '/optimus_prime/cg-format/import') {
      const template = body!.template as { formatCode: string; formatName: string; formSubList?: { fieldExplain?: string }[] };
      if (template.formSubList?.[0] && !template.formSubList[0].fieldExplain) {
        throw refusal(400, '模板校验未通过：template.formSubList[0].fieldExplain: 不能为空', { field: 'template.formSubList[0].fieldExplain', problem: '不能为空' });
      }
      if (template.formatCode === 'OTHER_TABLE') throw refusal(400, '模板的数据源与已有模板不同', { field: 'template.customTable' });
      if (template.formatCode === 'OFFLINE') throw refusal(0, 'TypeError: Failed to fetch');
      const existing = rows.find((r) => r.formatCode === template.formatCode);
      if (existing && body!.version === undefined) throw refusal(400, `模板编码 ${template.formatCode} 已存在：覆盖其草稿须带上草稿的 version`, { field: 'version' });
      if (existing) return { id: existing.id, formatCode: template.formatCode, created: false, version: 8 };
      rows = [...rows, { ...row(4, template.formatCode, template.formatName), unpublished: true }];
      return { id: 4, formatCode: template.formatCode, created: true, version: 1 };
    }
    throw new ServerError(`unexpected ${options.method ?? 'GET'} ${options.url}`);
  }) as unknown as RuntimeServices['request'];
  const download = vi.fn(async (options: RuntimeRequest) => {
    calls.push(options);
    if (options.url === '/optimus_prime/cg-format/export/1') return { blob: new Blob([EXPORTED], { type: 'application/json' }), fileName: 'PU_NOTICE_FORM.json', total: null };
    if (options.url === '/optimus_prime/cg-format/export/2') return { blob: new Blob(['{"formatCode":"PU_NOTICE_LIST"}\n']), fileName: 'PU_NOTICE_LIST.json', total: null };
    throw new ServerError(`unexpected download ${options.url}`);
  }) as unknown as RuntimeServices['download'];
  const openPage = vi.fn();
  const services: RuntimeServices = { request, download, openPage, hasPermission: (key) => !key || permissions.includes(key), desensitize: false };
  render(<AntApp><RuntimeProvider value={services}><FormatListPage /></RuntimeProvider></AntApp>);
  return { calls, openPage, user: userEvent.setup() };
}

/** The files handed to the browser's downloads: name and content. */
let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr')!;

async function more(user: ReturnType<typeof userEvent.setup>, name: string, action: '复制' | '导出') {
  await user.click(within(await rowOf(name)).getByRole('button', { name: `更多操作：${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

const jsonFile = (name: string, text: string) => new File([text], name, { type: 'application/json' });

describe('模板设计: 复制, 导出, 导入', () => {
  it('复制 asks for the new code and name, shows the server\'s refusal of a taken code under it, then copies, refreshes the list and opens the copy', async () => {
    const { calls, openPage, user } = setup(['custom_format_edit']);
    await more(user, '采购通知单', '复制');
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('新模板编码');
    expect(code).toHaveProperty('value', 'PU_NOTICE_FORM_copy');
    expect(within(dialog).getByLabelText('新模板名称')).toHaveProperty('value', '采购通知单（副本）');

    await user.clear(code);
    await user.type(code, 'PU_NOTICE_LIST');
    await user.click(within(dialog).getByRole('button', { name: /复\s*制/ }));
    // the refusal stands under the code field
    const help = await within(dialog).findByText('模板编码 PU_NOTICE_LIST 已存在');
    expect(help.closest('.ant-form-item')!.querySelector('label')!.textContent).toBe('新模板编码');

    await user.clear(code);
    await user.type(code, 'PU_NOTICE_FORM_B');
    const listCalls = calls.filter((c) => c.url === '/optimus_prime/cg-format/list').length;
    await user.click(within(dialog).getByRole('button', { name: /复\s*制/ }));
    expect(await within(dialog).findByText('已复制为「采购通知单（副本）」')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/optimus_prime/cg-format/copy/1').at(-1)).toMatchObject({ method: 'POST', body: { formatCode: 'PU_NOTICE_FORM_B', formatName: '采购通知单（副本）' } });
    // the list is read again and shows the copy, unpublished
    expect(calls.filter((c) => c.url === '/optimus_prime/cg-format/list').length).toBe(listCalls + 1);
    expect(within(await rowOf('采购通知单（副本）')).getByText('未发布')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '打开设计器' }));
    expect(openPage).toHaveBeenCalledWith('/custom/format/form/sub?id=3');
  });

  it('导出 saves the server\'s file under its name, unchanged; 导出所选 saves one file per selected template', async () => {
    const { calls, user } = setup([]);
    await more(user, '采购通知单', '导出');
    await screen.findByText('导出成功');
    expect(saved.map((f) => f.name)).toEqual(['PU_NOTICE_FORM.json']);
    expect(await saved[0].blob.text()).toBe(EXPORTED);
    expect(calls.at(-1)!.url).toBe('/optimus_prime/cg-format/export/1');
    // without custom_format_edit: no 复制, no 导入
    expect(screen.queryByRole('menuitem', { name: '复制' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();

    saved = [];
    for (const name of ['采购通知单', '采购通知单列表']) await user.click(within(await rowOf(name)).getByRole('checkbox'));
    // (the first export's loading icon may still be leaving: the name is matched, not equalled)
    await user.click(screen.getByRole('button', { name: /导出所选（2）/ }));
    await screen.findByText('已导出 2 个模板');
    expect(saved.map((f) => f.name)).toEqual(['PU_NOTICE_FORM.json', 'PU_NOTICE_LIST.json']);
  });

  it('导入 sends each file and lists what became of it: created, refused with the parser\'s problem by the field\'s label, not JSON, and a taken code overwritten on request', async () => {
    const { calls, openPage, user } = setup(['custom_format_edit']);
    await rowOf('采购通知单');
    const fresh = JSON.parse(EXPORTED);
    const files = [
      jsonFile('NEW_FORM.json', JSON.stringify({ ...fresh, formatCode: 'NEW_FORM', formatName: '新通知单' })),
      jsonFile('BAD_FORM.json', JSON.stringify({ ...fresh, formatCode: 'BAD_FORM', formSubList: [{ fieldName: 'vendorName', fieldExplain: '' }] })),
      jsonFile('notes.json', 'formatCode: PU_NOTICE_FORM'),
      jsonFile('PU_NOTICE_FORM.json', EXPORTED),
    ];
    const listCalls = calls.filter((c) => c.url === '/optimus_prime/cg-format/list').length;
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, files);
    const dialog = await screen.findByRole('dialog');
    const item = (file: string) => dialog.querySelector<HTMLElement>(`[data-file="${file}"]`)!;
    await waitFor(() => expect(within(item('PU_NOTICE_FORM.json')).queryByText('导入中')).toBeNull());

    expect(within(item('NEW_FORM.json')).getByText('已新建')).toBeTruthy();
    expect(within(item('NEW_FORM.json')).getByText('新模板 NEW_FORM（未发布）')).toBeTruthy();
    expect(within(item('BAD_FORM.json')).getByText('未导入')).toBeTruthy();
    // the path named by the field's place, name and the panel's label (the designer's wording); no raw path
    expect(within(item('BAD_FORM.json')).getByText('表单字段 第1个字段 vendorName的「标题」不能为空')).toBeTruthy();
    expect(within(item('notes.json')).getByText('文件不是有效的 JSON，无法作为模板导入')).toBeTruthy();
    expect(within(item('PU_NOTICE_FORM.json')).getByText('编码已存在')).toBeTruthy();
    // three files sent as read, the one that is not JSON not at all
    const imports = calls.filter((c) => c.url === '/optimus_prime/cg-format/import');
    expect(imports.map((c) => (c.body as { template: { formatCode: string } }).template.formatCode)).toEqual(['NEW_FORM', 'BAD_FORM', 'PU_NOTICE_FORM']);
    expect(imports[2].body).toEqual({ template: JSON.parse(EXPORTED) });
    // the list shows the created template
    expect(calls.filter((c) => c.url === '/optimus_prime/cg-format/list').length).toBeGreaterThan(listCalls);

    await user.click(within(item('PU_NOTICE_FORM.json')).getByRole('button', { name: /覆盖草稿/ }));
    expect(await within(item('PU_NOTICE_FORM.json')).findByText('已更新草稿')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/optimus_prime/cg-format/import').at(-1)!.body).toEqual({ template: JSON.parse(EXPORTED), version: 7 });

    await user.click(within(item('NEW_FORM.json')).getByRole('button', { name: '打开设计器' }));
    expect(openPage).toHaveBeenCalledWith('/custom/format/form/sub?id=4');
  });

  it('a file whose content is not a template object is refused without a request; a refusal without a parser problem shows the server\'s words, a failed call no raw exception', async () => {
    const { calls, user } = setup(['custom_format_edit']);
    await rowOf('采购通知单');
    const files = [
      jsonFile('list.json', '[1, 2]'),
      jsonFile('OTHER_TABLE.json', JSON.stringify({ ...JSON.parse(EXPORTED), formatCode: 'OTHER_TABLE' })),
      jsonFile('OFFLINE.json', JSON.stringify({ ...JSON.parse(EXPORTED), formatCode: 'OFFLINE' })),
    ];
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, files);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('文件内容不是模板：应为导出的模板 JSON 对象')).toBeTruthy();
    expect(await within(dialog).findByText('模板的数据源与已有模板不同')).toBeTruthy();
    // no raw English exception
    expect(await within(dialog).findByText('导入失败，请稍后重试')).toBeTruthy();
    expect(within(dialog).queryByText(/Failed to fetch/)).toBeNull();
    expect(calls.filter((c) => c.url === '/optimus_prime/cg-format/import').map((c) => (c.body as { template: { formatCode: string } }).template.formatCode)).toEqual(['OTHER_TABLE', 'OFFLINE']);
  });
});
