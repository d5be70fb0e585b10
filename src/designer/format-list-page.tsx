import { DownOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Button, Dropdown, Form, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime, useTr } from '../runtime';
import { FORMAT_TYPES, type FormatType } from '../schema/template';
import { FORMAT_SUB_PATH, FORMAT_TYPE_LABELS, TEMPLATE_ATTRIBUTE_LABELS, fetchFormats, type FormatQuery, type FormatRow } from './format-api';
import { PreviewDialog } from './preview/preview-dialog';
import { CopyDialog, ImportButton, useFormatExport } from './template-io';
import { VersionPanel } from './version-panel';
import { FORMAT_LIST_DESIGN_PATH, FORMAT_PICKER_DESIGN_PATH } from './list/paths';

const FORMAT = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');

/** The publish state of a template as a tag: 未发布, 草稿有修改 (the draft differs) or 已发布. */
export function PublishState({ row }: { row: Pick<FormatRow, 'changed' | 'unpublished'> }) {
  const tr = useTr();
  if (row.unpublished) return <Tag color="default">{tr('未发布')}</Tag>;
  return row.changed
    ? <Tooltip title={tr('草稿与已发布版本不同，发布后生效')}><Tag color="orange">{tr('草稿有修改')}</Tag></Tooltip>
    : <Tag color="green">{tr('已发布')}</Tag>;
}

/**
 * 模板设计 (`/custom/format`): the stored templates, searched by name, code and type, with their
 * publish state; 字段属性 opens the template-attribute configuration in its own tab. `active`
 * (the page is on screen) reloads the list, so a template published elsewhere shows as such.
 * 版本 opens the template's versions, their diff and 回滚 (`VersionPanel`). Under 更多: 复制 (a copy
 * under a new code, for those who may edit templates) and 导出 (the canonical JSON file); 导入 and
 * 导出所选 sit above the list (`template-io.tsx`).
 */
export function FormatListPage({ active = true }: { active?: boolean }) {
  const { request, openPage, hasPermission } = useRuntime();
  const tr = useTr();
  const [form] = Form.useForm<Omit<FormatQuery, 'pn' | 'ps'>>();
  const [query, setQuery] = useState<FormatQuery>({ pn: 1, ps: 20 });
  const [data, setData] = useState<{ list: FormatRow[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [versionsOf, setVersionsOf] = useState<FormatRow | null>(null);
  const [previewOf, setPreviewOf] = useState<FormatRow | null>(null);
  const [copyOf, setCopyOf] = useState<FormatRow | null>(null);
  const [selected, setSelected] = useState<FormatRow[]>([]);
  const [exporting, setExporting] = useState(false);
  const mayPreview = hasPermission('custom_format_publish');
  const mayEdit = hasPermission('custom_format_edit');
  const exportRows = useFormatExport();
  const runExport = (rows: FormatRow[]) => {
    setExporting(true);
    void exportRows(rows).finally(() => setExporting(false));
  };

  const load = useCallback(async (q: FormatQuery) => {
    setLoading(true);
    try {
      setData(await fetchFormats(request, q));
    } catch {
      // the host has shown why
    } finally {
      setLoading(false);
    }
  }, [request]);
  useEffect(() => { if (active) void load(query); }, [active, load, query]);

  const open = (row: FormatRow) => openPage?.(`${FORMAT_SUB_PATH}?id=${row.id}`);
  const typeOptions = FORMAT_TYPES.map((t) => ({ value: t, label: tr(FORMAT_TYPE_LABELS[t]) }));

  return (
    <div className="wb-list-page wb-format-list">
      <Form
        form={form} layout="inline" className="wb-format-search" style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => setQuery({ ...v, formatName: v.formatName?.trim() || undefined, formatCode: v.formatCode?.trim() || undefined, pn: 1, ps: query.ps })}
      >
        <Form.Item name="formatName" label={tr(TEMPLATE_ATTRIBUTE_LABELS.formatName)}><Input allowClear placeholder={tr('请输入模板名称')} style={{ width: 180 }} /></Form.Item>
        <Form.Item name="formatCode" label={tr(TEMPLATE_ATTRIBUTE_LABELS.formatCode)}><Input allowClear placeholder={tr('请输入模板编码')} style={{ width: 200 }} /></Form.Item>
        <Form.Item name="formatType" label={tr(TEMPLATE_ATTRIBUTE_LABELS.formatType)}>
          <Select<FormatType> allowClear placeholder={tr('请选择')} options={typeOptions} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">{tr('查询')}</Button>
            <Button onClick={() => { form.resetFields(); setQuery({ pn: 1, ps: query.ps }); }}>{tr('重置')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <Space className="wb-format-toolbar" style={{ marginBottom: 8 }}>
        {mayEdit && <ImportButton onImported={() => void load(query)} />}
        <Button disabled={selected.length === 0} loading={exporting} onClick={() => runExport(selected)}>
          {selected.length ? tr('导出所选（{n}）', { n: selected.length }) : tr('导出所选')}
        </Button>
      </Space>
      <Table<FormatRow>
        size="small" bordered rowKey="id" loading={loading} dataSource={data?.list ?? []} scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_keys, rows) => setSelected(rows), preserveSelectedRowKeys: true }}
        pagination={{
          current: query.pn, pageSize: query.ps, total: data?.total ?? 0, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => tr('共 {n} 条', { n }), onChange: (pn, ps) => setQuery((q) => ({ ...q, pn: ps === q.ps ? pn : 1, ps })),
        }}
        columns={[
          { key: 'formatName', title: tr(TEMPLATE_ATTRIBUTE_LABELS.formatName), dataIndex: 'formatName', ellipsis: true },
          { key: 'formatCode', title: tr(TEMPLATE_ATTRIBUTE_LABELS.formatCode), dataIndex: 'formatCode', ellipsis: true },
          { key: 'formatType', title: tr(TEMPLATE_ATTRIBUTE_LABELS.formatType), dataIndex: 'formatType', width: 90, render: (v: FormatType) => <Tag>{tr(FORMAT_TYPE_LABELS[v] ?? v)}</Tag> },
          { key: 'customTable', title: tr(TEMPLATE_ATTRIBUTE_LABELS.customTable), dataIndex: 'customTable', ellipsis: true, render: (v: string | null) => v ?? '—' },
          { key: 'menuTitle', title: tr('所属菜单'), dataIndex: 'menuTitle', width: 120, render: (v: string | null) => v ?? '—' },
          { key: 'state', title: tr('发布状态'), width: 110, render: (_v, row) => <PublishState row={row} /> },
          { key: 'publishedAt', title: tr('发布时间'), dataIndex: 'publishedAt', width: 170, render: FORMAT },
          { key: 'publishedBy', title: tr('发布人'), dataIndex: 'publishedBy', width: 90 },
          {
            key: 'action', title: tr('操作'), width: 300, fixed: 'right',
            render: (_v, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(row)}>{tr('字段属性')}</Button>
                {row.formatType === 'LIST' && <Button type="link" size="small" onClick={() => openPage?.(`${FORMAT_LIST_DESIGN_PATH}?id=${row.id}`)}>{tr('列表设计')}</Button>}
                {row.formatType === 'RESOURCE' && <Button type="link" size="small" onClick={() => openPage?.(`${FORMAT_PICKER_DESIGN_PATH}?id=${row.id}`)}>{tr('弹窗设计')}</Button>}
                <Button type="link" size="small" onClick={() => setVersionsOf(row)}>{tr('版本')}</Button>
                {mayPreview && <Button type="link" size="small" onClick={() => setPreviewOf(row)}>{tr('预览')}</Button>}
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [...(mayEdit ? [{ key: 'copy', label: tr('复制') }] : []), { key: 'export', label: tr('导出') }],
                    onClick: ({ key }) => (key === 'copy' ? setCopyOf(row) : runExport([row])),
                  }}
                >
                  <Button type="link" size="small" aria-label={tr('更多操作：{name}', { name: row.formatName })}>{tr('更多')} <DownOutlined /></Button>
                </Dropdown>
              </Space>
            ),
          },
        ]}
      />
      {versionsOf && (
        <VersionPanel formatId={versionsOf.id} formatName={versionsOf.formatName} open onClose={() => setVersionsOf(null)} onChanged={() => void load(query)} />
      )}
      {copyOf && <CopyDialog row={copyOf} onClose={() => setCopyOf(null)} onCopied={() => void load(query)} />}
      {previewOf && <PreviewDialog formatId={previewOf.id} formatName={previewOf.formatName} open onClose={() => setPreviewOf(null)} />}
    </div>
  );
}
