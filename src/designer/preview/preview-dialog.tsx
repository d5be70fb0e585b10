import dayjs from 'dayjs';
import { Alert, App as AntApp, Button, Descriptions, Empty, Form, Modal, Select, Space, Spin, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { DetailView, RecordForm, ResourcePickerBody, RuntimeProvider, TemplateList, resourceBase, useRuntime, useTr, type Row, type RuntimeServices } from '../../runtime';
import type { FieldDefinition } from '../../schema/field-definition';
import type { Template } from '../../schema/template';
import {
  dryRunSubmit, fetchPreviewDraft, fetchPreviewOptions, startPreview, withPreviewToken, type DryRunResult, type PreviewGrant, type PreviewOptions,
} from './preview-api';

/** What 提交 in preview tells the implementer. */
export const DRY_RUN_DONE = '预演：未写入任何数据';
const SYSTEM_KEYS = new Set(['id', 'version', 'createdBy', 'createdAt', 'updatedBy', 'updatedAt', 'deleted', 'groupId']);

/** The system columns a dry run answers, as the detail pop-up names them. */
const SYSTEM_LABELS: Record<string, string> = { orgId: '组织', status: '单据状态', enabled: '启用', createdByName: '创建人' };
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value as the dry run answered it, for reading (a time in local time). */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && ISO_TIME.test(value)) return dayjs(value).format('YYYY-MM-DD HH:mm:ss');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields of the dry run's record, labelled by the draft (system columns last, ids and versions left out). */
function savedRows(template: Template, saved: Record<string, unknown>, org: PreviewGrant['org'], tr: (text: string) => string) {
  const labels = new Map((template.formSubList ?? []).map((f: FieldDefinition) => [f.fieldName, f.fieldExplain]));
  return Object.entries(saved)
    .filter(([key, value]) => !SYSTEM_KEYS.has(key) && !key.endsWith('Py') && value !== null && value !== undefined && value !== '')
    .sort(([a], [b]) => Number(!labels.has(a)) - Number(!labels.has(b)))
    .map(([key, value]) => ({
      key,
      label: labels.get(key) ?? (SYSTEM_LABELS[key] ? tr(SYSTEM_LABELS[key]) : key),
      value: key === 'orgId' && value === org.id ? org.orgName : shown(value),
    }));
}

/**
 * The runtime's services as the previewed role sees them: every call carries the preview token (the
 * server narrows it to the role AND the designer, read-only, in the chosen organisation), the
 * buttons shown are the preview's permission keys, and the current organisation is the chosen one.
 */
function usePreviewServices(outer: RuntimeServices, grant: PreviewGrant | null): RuntimeServices | null {
  return useMemo(() => {
    if (!grant) return null;
    const keys = new Set(grant.permissions);
    return {
      ...outer,
      request: withPreviewToken(outer.request, grant.token),
      download: (options) => outer.download({ ...options, headers: { ...options.headers, 'X-Preview-Token': grant.token } }),
      hasPermission: (key) => !key || keys.has(key),
      user: outer.user ? { ...outer.user, currentOrg: grant.org.id, currentOrgName: grant.org.orgName } : null,
      // a preview opens no other page of the application
      openPage: undefined,
    };
  }, [outer, grant]);
}

/**
 * 预览 (模板设计): the implementer picks 角色 and 组织, the server issues a preview token, and the
 * template's DRAFT is rendered by the runtime against real data as that role sees it. 提交 of a
 * form is a dry run: checked with the draft's rules, written in a transaction the server rolls back,
 * and what would have been saved is shown with 预演：未写入任何数据.
 */
export function PreviewDialog({ formatId, formatName, open, onClose }: { formatId: number; formatName: string; open: boolean; onClose(): void }) {
  const outer = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const [options, setOptions] = useState<PreviewOptions | null>(null);
  const [roleId, setRoleId] = useState<number | undefined>();
  const [orgId, setOrgId] = useState<number | undefined>();
  const [grant, setGrant] = useState<PreviewGrant | null>(null);
  const [template, setTemplate] = useState<Template | null>(null);
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<DryRunResult | null>(null);
  const services = usePreviewServices(outer, grant);

  useEffect(() => {
    if (!open) return;
    let live = true;
    fetchPreviewOptions(outer.request).then((o) => {
      if (!live) return;
      setOptions(o);
      setOrgId((current) => current ?? o.currentOrg ?? o.orgs[0]?.id);
    }).catch(() => undefined);
    return () => { live = false; };
  }, [open, outer.request]);

  const start = async () => {
    if (roleId === undefined || orgId === undefined) return void message.warning(tr('请选择角色和组织'));
    setStarting(true);
    setResult(null);
    try {
      const issued = await startPreview(outer.request, formatId, roleId, orgId);
      const { draft } = await fetchPreviewDraft(withPreviewToken(outer.request, issued.token), formatId);
      setTemplate(draft);
      setGrant(issued);
    } catch {
      // the host has shown why
    } finally {
      setStarting(false);
    }
  };

  const dryRun = async (values: unknown) => {
    if (!services) return;
    setResult(null);
    const answer = await dryRunSubmit(services.request, formatId, values);
    setResult(answer);
    message.success(tr(DRY_RUN_DONE));
  };

  const body = () => {
    if (!grant || !template || !services) return <Empty description={tr('请选择角色和组织，然后点击开始预览')} />;
    const base = resourceBase(template.resUrl ?? '');
    return (
      <RuntimeProvider value={services}>
        <Alert
          type="info" showIcon className="wb-preview-banner"
          message={tr('以角色「{role}」在「{org}」预览草稿', { role: grant.role.roleName, org: grant.org.orgName })}
          description={tr('只读：数据按该角色与您本人共同拥有的权限读取；提交为试提交，不写入任何数据。有效至 {time}', { time: dayjs(grant.expiresAt).format('HH:mm') })}
          style={{ marginBottom: 12 }}
        />
        {template.formatType === 'FORM' ? (
          <RecordForm key={grant.token} template={template} mode="create" row={{}} base={base} onClose={onClose} onSaved={() => undefined} dryRun={dryRun} />
        ) : template.formatType === 'LIST' ? (
          <TemplateList key={grant.token} template={template} onOpen={() => void message.info(tr('预览中列表的按钮不打开表单'))} />
        ) : template.formatType === 'DETAIL' ? (
          <DetailPreview key={grant.token} template={template} />
        ) : template.formatType === 'RESOURCE' ? (
          <PickerPreview key={grant.token} template={template} />
        ) : (
          <Alert type="warning" showIcon message={tr('此类模板（{type}）暂不能预览：预览可用于表单、列表、详情和弹窗模板', { type: template.formatType })} />
        )}
        {result && (
          <div className="wb-dry-run" data-testid="dry-run-result" style={{ marginTop: 16 }}>
            <Alert type="success" showIcon message={tr(DRY_RUN_DONE)} description={tr('以下为将会保存的内容（写入 {n} 行，已回滚）', { n: result.written })} style={{ marginBottom: 8 }} />
            <Descriptions size="small" bordered column={2} items={savedRows(template, result.saved, grant.org, tr).map((r) => ({ key: r.key, label: r.label, children: r.value }))} />
            {result.lines.filter((l) => l.rows.length > 0).map((l) => (
              <Table
                key={l.table} size="small" bordered rowKey={(_r, i) => String(i)} style={{ marginTop: 8 }} pagination={false}
                title={() => <Space><span>{l.table}</span><Tag>{tr('{n} 行', { n: l.rows.length })}</Tag></Space>}
                dataSource={l.rows}
                columns={Object.keys(l.rows[0]).filter((k) => !SYSTEM_KEYS.has(k) && !k.endsWith('Py')).map((k) => ({ key: k, title: k, dataIndex: k, render: shown }))}
              />
            ))}
          </div>
        )}
      </RuntimeProvider>
    );
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} width="min(1240px, calc(100vw - 48px))" destroyOnHidden title={tr('预览：{name}（草稿）', { name: formatName })}>
      <Form layout="inline" className="wb-preview-pick" style={{ marginBottom: 12, rowGap: 8 }} onFinish={() => void start()}>
        <Form.Item label={tr('角色')} required>
          <Select<number>
            aria-label={tr('角色')} placeholder={tr('请选择角色')} style={{ width: 180 }} value={roleId} onChange={setRoleId} loading={!options}
            options={(options?.roles ?? []).map((r) => ({ value: r.id, label: r.roleName }))} showSearch optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item label={tr('组织')} required>
          <Select<number>
            aria-label={tr('组织')} placeholder={tr('请选择组织')} style={{ width: 220 }} value={orgId} onChange={setOrgId} loading={!options}
            options={(options?.orgs ?? []).map((o) => ({ value: o.id, label: o.orgName }))} showSearch optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={starting}>{tr(grant ? '重新预览' : '开始预览')}</Button>
        </Form.Item>
      </Form>
      {starting ? <Spin /> : body()}
    </Modal>
  );
}

/** A DETAIL draft shown over the organisation's records, one at a time (上一条 / 下一条), as the role reads them. */
function DetailPreview({ template }: { template: Template }) {
  const { request } = useRuntime();
  const tr = useTr();
  const [pn, setPn] = useState(1);
  const [shown, setShown] = useState<{ total: number; row: Row | null } | null>(null);
  useEffect(() => {
    if (!template.resUrl) return;
    let live = true;
    (async () => {
      const page = await request<{ list: Row[]; total: number }>({
        method: template.resMethod ?? 'POST', url: template.resUrl!, list: true, quiet: true, body: { search: [], limit: { pn, ps: 1 }, sort: [] },
      });
      const first = page.list[0];
      const row = first ? await request<Row>({ url: `${resourceBase(template.resUrl!)}/detail/${String(first.id)}`, quiet: true }) : null;
      if (live) setShown({ total: Number(page.total), row });
    })().catch(() => { if (live) setShown({ total: 0, row: null }); });
    return () => { live = false; };
  }, [template, pn, request]);
  if (!template.resUrl) return <Alert type="warning" showIcon message={tr('请检查详情模板的【列表请求方式】和【列表请求路由】属性')} />;
  if (!shown) return <Spin />;
  if (!shown.row) return <Empty description={tr('该组织下没有可供预览的记录')} />;
  return (
    <div className="wb-detail-preview">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" disabled={pn <= 1} onClick={() => setPn(pn - 1)}>{tr('上一条')}</Button>
        <span>{tr('第 {n} 条，共 {total} 条', { n: pn, total: shown.total })}</span>
        <Button size="small" disabled={pn >= shown.total} onClick={() => setPn(pn + 1)}>{tr('下一条')}</Button>
      </Space>
      <DetailView template={template} row={shown.row} />
    </div>
  );
}

/** A RESOURCE draft as the popup a form field opens; 确定 shows what would be picked (nothing is filled in). */
function PickerPreview({ template }: { template: Template }) {
  const tr = useTr();
  const [picked, setPicked] = useState<Row[] | null>(null);
  const fields = (template.resSubList?.length ? template.resSubList : template.listSubList ?? []).filter((f) => f.ishow !== false && !f.ihidden);
  return (
    <div className="wb-picker-preview">
      <ResourcePickerBody template={template} multiple={false} allowClear={false} onConfirm={setPicked} onClose={() => setPicked(null)} />
      {picked && (
        <Alert
          type="success" showIcon style={{ marginTop: 12 }} data-testid="picker-preview-result"
          message={tr('选中 {n} 条：表单字段将按结果映射取值', { n: picked.length })}
          description={picked.map((r) => fields.slice(0, 4).map((f) => `${f.fieldExplain}：${String(r[f.fieldName] ?? '—')}`).join('，')).join('；')}
        />
      )}
    </div>
  );
}
