import {
  App as AntApp, Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../runtime';
import { identifierProblem } from '../schema/identifiers';
import { COLUMN_TYPES, type ColumnType } from '../schema/resource';
import { checkCgValidate, patternProblem } from '../schema/validate';
import { INVERT_MARKER } from '../schema/validation-marker';
import { formatValue } from '../schema/value-formats';
import {
  KIND_LABELS, TYPE_LABELS, allotMenu, deleteTable, fetchEnums, fetchPlan, fetchRules, fetchTable, fetchTables, fetchTypes, fetchValFormats,
  generateTemplates, saveTable, syncTable, type ColumnDraft, type EnumRow, type Plan, type RuleRow, type TableDetail, type TableRow, type TypeRow,
  type ValFormatRow,
} from './datasource-api';
import { AllotMenuModal } from './allot-menu-modal';
import { SqlSourcesTab } from './sql-source-page';

/**
 * 数据源 (`/custom/table`, 配置中心 → 数据源): data-source tables with their columns, their sync plan
 * (the DDL shown before anything happens, blocked changes with samples, drift), 生成模板 and
 * 分配菜单; enums, validate rules (with a live tester), business types and the value formats
 * (with a preview), and SQL 数据源 (`sql-source-page.tsx`). Identifiers are checked here with the server's own rules (src/schema/identifiers).
 */
export function DatasourcePage() {
  return (
    <Tabs
      className="wb-datasource" destroyOnHidden
      items={[
        { key: 'tables', label: '数据源', children: <TablesTab /> },
        { key: 'sql', label: 'SQL 数据源', children: <SqlSourcesTab /> },
        { key: 'enums', label: '枚举', children: <EnumsTab /> },
        { key: 'rules', label: '校验规则', children: <RulesTab /> },
        { key: 'types', label: '分类', children: <TypesTab /> },
        { key: 'formats', label: '值格式', children: <FormatsTab /> },
      ]}
    />
  );
}

/** Runs an action whose failure the host's request layer has already shown (nothing is left unhandled). */
const quietly = (action: () => Promise<unknown>) => () => { void action().catch(() => undefined); };

/** The problem of a draft's identifiers, as the server would name it, or null. */
export function draftProblem(tableName: string, columns: ColumnDraft[]): string | null {
  const table = identifierProblem(tableName, 'table');
  if (table) return `表名：${table}`;
  for (const [i, c] of columns.entries()) {
    const problem = identifierProblem(c.fieldDbName, 'column', c.pinyin ? 3 : 0);
    if (problem) return `第 ${i + 1} 个字段的列名 ${c.fieldDbName}：${problem}`;
    if (!c.fieldExplain?.trim()) return `第 ${i + 1} 个字段缺少字段说明`;
  }
  return null;
}

function TablesTab() {
  const { request } = useRuntime();
  const { message, modal } = AntApp.useApp();
  const [rows, setRows] = useState<TableRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<TableDetail | 'new' | null>(null);
  const [planning, setPlanning] = useState<{ row: TableRow; plan: Plan } | null>(null);
  const [allotting, setAllotting] = useState<TableRow | null>(null);
  const load = useCallback(async () => setRows((await fetchTables(request, keyword || undefined)).list), [request, keyword]);
  useEffect(() => { void load().catch(() => undefined); }, [load]);

  const plan = async (row: TableRow) => setPlanning({ row, plan: await fetchPlan(request, row.id) });
  const generate = async (row: TableRow) => {
    const made = await generateTemplates(request, row.id);
    modal.success({ title: '已生成草稿模板', content: <div>{made.map((t) => <div key={t.id}>{t.formatType}：{t.formatName}（{t.formatCode}）</div>)}<div>请在 模板设计 中发布。</div></div> });
  };
  return (
    <div className="wb-list-page">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="表名或名称" onSearch={setKeyword} style={{ width: 240 }} />
        <Button type="primary" onClick={() => setEditing('new')}>新增数据源</Button>
      </Space>
      <Table<TableRow>
        size="small" bordered rowKey="id" dataSource={rows} pagination={false}
        columns={[
          { key: 'tableExplain', title: '名称', dataIndex: 'tableExplain' },
          { key: 'tableName', title: '表名', dataIndex: 'tableName' },
          { key: 'kind', title: '类型', dataIndex: 'kind', width: 80, render: (v: TableRow['kind']) => KIND_LABELS[v] },
          { key: 'api', title: '接口', width: 220, render: (_v, r) => `/${r.module}/${r.resource}` },
          { key: 'columnCount', title: '字段数', dataIndex: 'columnCount', width: 70 },
          { key: 'state', title: '状态', width: 110, render: (_v, r) => (r.syncedAt ? (r.pending ? <Tag color="orange">有未同步修改</Tag> : <Tag color="green">已同步</Tag>) : <Tag>未同步</Tag>) },
          {
            key: 'action', title: '操作', width: 330, render: (_v, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={quietly(async () => setEditing(await fetchTable(request, r.id)))}>编辑</Button>
                <Button type="link" size="small" onClick={quietly(() => plan(r))}>同步</Button>
                <Button type="link" size="small" disabled={!r.syncedAt || r.kind === 'LINE'} onClick={quietly(() => generate(r))}>生成模板</Button>
                <Button type="link" size="small" disabled={!r.syncedAt || r.kind === 'LINE'} onClick={() => setAllotting(r)}>分配菜单</Button>
                <Popconfirm title={`删除数据源 ${r.tableName} 及其表？`} onConfirm={quietly(async () => { await deleteTable(request, r.id); message.success('删除成功'); await load(); })}>
                  <Button type="link" size="small" danger>删除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <TableEditor initial={editing === 'new' ? null : editing} onClose={async (saved) => { setEditing(null); if (saved) await load(); }} />}
      {planning && (
        <PlanModal
          row={planning.row} plan={planning.plan} onClose={() => setPlanning(null)}
          onSync={async () => {
            await syncTable(request, planning.row.id, planning.plan.hash);
            message.success('同步成功');
            setPlanning(null);
            await load();
          }}
        />
      )}
      {allotting && <AllotMenuModal name={allotting.tableExplain} allot={(parentId) => allotMenu(request, allotting.id, parentId)} onClose={() => setAllotting(null)} />}
    </div>
  );
}

/** The plan of a sync: what will happen, its DDL, what blocks it and the drift found. */
function PlanModal({ row, plan, onClose, onSync }: { row: TableRow; plan: Plan; onClose: () => void; onSync: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const nothing = plan.steps.length === 0;
  return (
    <Modal
      open width={860} title={`同步计划：${row.tableExplain}（${row.tableName}）`} onCancel={onClose} okText="执行同步"
      okButtonProps={{ disabled: nothing || plan.blocked.length > 0, loading: busy }}
      onOk={quietly(async () => { setBusy(true); try { await onSync(); } finally { setBusy(false); } })}
    >
      {plan.drift.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} message="数据库表与元数据不一致（漂移）" description={<ul className="wb-plan-drift">{plan.drift.map((d) => <li key={d.field + d.problem}>{d.problem}</li>)}</ul>} />
      )}
      {plan.blocked.map((b) => (
        <Alert
          key={b.field} type="error" showIcon style={{ marginBottom: 8 }} message={`${b.field}：${b.problem}`}
          description={<div className="wb-plan-samples">{b.samples.map((s) => <Tag key={s.id}>#{s.id} {s.value ?? '空'}</Tag>)}</div>}
        />
      ))}
      {nothing ? <Alert type="success" message="数据库表与元数据一致，无需同步" /> : (
        <>
          <ol className="wb-plan-steps">{plan.steps.map((s, i) => <li key={i}>{s.text}</li>)}</ol>
          <Typography.Paragraph><pre className="wb-plan-ddl" style={{ maxHeight: 260, overflow: 'auto' }}>{plan.ddl || '（只改元数据，不执行 DDL）'}</pre></Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

const EMPTY_COLUMN: ColumnDraft = { fieldDbName: '', fieldType: 'CHAR', fieldExplain: '', length: 100 };

/** 新增 / 编辑 of a data source: its table attributes and its columns; a column left out is kept as a tombstone at sync. */
function TableEditor({ initial, onClose }: { initial: TableDetail | null; onClose: (saved: boolean) => void }) {
  const { request } = useRuntime();
  const { message } = AntApp.useApp();
  const [head, setHead] = useState({
    tableName: initial?.tableName ?? '', tableExplain: initial?.tableExplain ?? '', module: initial?.module ?? 'custom', kind: initial?.kind ?? 'DOCUMENT',
    scope: initial?.scope ?? 'ORG', parentTable: initial?.parentTable ?? null, parentKey: initial?.parentKey ?? null, customTypeId: initial?.customTypeId ?? null,
  });
  const [columns, setColumns] = useState<ColumnDraft[]>(initial?.tableSubList ?? [{ ...EMPTY_COLUMN }]);
  const [enums, setEnums] = useState<EnumRow[]>([]);
  const [rules, setRules] = useState<RuleRow[]>([]);
  const [types, setTypes] = useState<TypeRow[]>([]);
  const [parents, setParents] = useState<TableRow[]>([]);
  useEffect(() => {
    void Promise.all([fetchEnums(request), fetchRules(request), fetchTypes(request), fetchTables(request)])
      .then(([e, r, t, d]) => { setEnums(e.list); setRules(r.list); setTypes(t.list); setParents(d.list.filter((x) => x.kind !== 'LINE')); })
      .catch(() => undefined);
  }, [request]);
  const problem = draftProblem(head.tableName, columns);
  const set = (i: number, patch: Partial<ColumnDraft>) => setColumns((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const save = async () => {
    if (problem) return void message.error(problem);
    await saveTable(request, { ...head, tableSubList: columns, ...(initial ? { version: initial.version } : {}) }, initial?.id);
    message.success('保存成功（同步后生效）');
    onClose(true);
  };
  return (
    <Modal open width={1180} title={initial ? `编辑数据源：${initial.tableExplain}` : '新增数据源'} onCancel={() => onClose(false)} onOk={quietly(save)} okText="保存">
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item label="名称" required><Input aria-label="名称" value={head.tableExplain} onChange={(e) => setHead({ ...head, tableExplain: e.target.value })} style={{ width: 160 }} /></Form.Item>
        <Form.Item label="表名" required validateStatus={identifierProblem(head.tableName, 'table') && head.tableName ? 'error' : undefined}>
          <Input aria-label="表名" value={head.tableName} disabled={!!initial} onChange={(e) => setHead({ ...head, tableName: e.target.value.trim() })} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="模块"><Input value={head.module} disabled={!!initial?.syncedAt} onChange={(e) => setHead({ ...head, module: e.target.value.trim() })} style={{ width: 110 }} /></Form.Item>
        <Form.Item label="类型">
          <Select aria-label="数据源类型" value={head.kind} disabled={!!initial?.syncedAt} style={{ width: 100 }} onChange={(kind) => setHead({ ...head, kind })} options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item label="范围">
          <Select value={head.scope} disabled={!!initial?.syncedAt} style={{ width: 90 }} onChange={(scope) => setHead({ ...head, scope })} options={[{ value: 'ORG', label: '公司' }, { value: 'GROUP', label: '集团' }]} />
        </Form.Item>
        <Form.Item label="分类">
          <Select allowClear value={head.customTypeId ?? undefined} style={{ width: 130 }} onChange={(v) => setHead({ ...head, customTypeId: v ?? null })} options={types.map((t) => ({ value: t.id, label: t.typeName }))} />
        </Form.Item>
        {head.kind === 'LINE' && (
          <>
            <Form.Item label="主表">
              <Select aria-label="主表" showSearch optionFilterProp="label" value={head.parentTable ?? undefined} disabled={!!initial?.syncedAt} style={{ width: 240 }} onChange={(v) => setHead({ ...head, parentTable: v })}
                options={parents.map((p) => ({ value: p.tableName, label: `${p.tableExplain}（${p.tableName}）` }))} />
            </Form.Item>
            <Form.Item label="关联字段">
              <Select aria-label="关联字段" value={head.parentKey ?? undefined} style={{ width: 150 }} onChange={(v) => setHead({ ...head, parentKey: v })}
                options={columns.filter((c) => c.fieldType === 'NUMBER').map((c) => ({ value: c.fieldName ?? camel(c.fieldDbName), label: c.fieldExplain || c.fieldDbName }))} />
            </Form.Item>
          </>
        )}
      </Form>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 8 }} />}
      {initial?.drift.length ? <Alert type="warning" showIcon message={`漂移：${initial.drift.map((d) => d.problem).join('；')}`} style={{ marginBottom: 8 }} /> : null}
      <Table<ColumnDraft & { key: number }>
        size="small" bordered pagination={false} scroll={{ y: 420 }} dataSource={columns.map((c, key) => ({ ...c, key }))}
        columns={[
          { key: 'fieldExplain', title: '字段说明', width: 130, render: (_v, c) => <Input aria-label="字段说明" value={c.fieldExplain} onChange={(e) => set(c.key, { fieldExplain: e.target.value })} /> },
          {
            key: 'fieldDbName', title: '列名', width: 150,
            render: (_v, c) => <Input aria-label="列名" status={c.fieldDbName && identifierProblem(c.fieldDbName, 'column') ? 'error' : undefined} value={c.fieldDbName} disabled={!!initial?.tableSubList.some((x) => x.fieldDbName === c.fieldDbName && c.fieldName)} onChange={(e) => set(c.key, { fieldDbName: e.target.value.trim(), fieldName: undefined })} />,
          },
          { key: 'fieldType', title: '类型', width: 100, render: (_v, c) => <Select aria-label="类型" value={c.fieldType} style={{ width: '100%' }} onChange={(fieldType: ColumnType) => set(c.key, { fieldType, length: fieldType === 'CHAR' ? 100 : fieldType === 'NUMBER' ? 18 : null, scale: fieldType === 'NUMBER' ? 0 : null })} options={COLUMN_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} /> },
          { key: 'length', title: '长度/精度', width: 90, render: (_v, c) => (c.fieldType === 'CHAR' || c.fieldType === 'NUMBER' ? <InputNumber aria-label="长度" style={{ width: '100%' }} min={1} max={c.fieldType === 'NUMBER' ? 38 : 10000} value={c.length ?? undefined} onChange={(v) => set(c.key, { length: v ?? null })} /> : null) },
          { key: 'scale', title: '小数位', width: 70, render: (_v, c) => (c.fieldType === 'NUMBER' ? <InputNumber aria-label="小数位" style={{ width: '100%' }} min={0} max={8} value={c.scale ?? 0} onChange={(v) => set(c.key, { scale: v ?? 0 })} /> : null) },
          { key: 'enumCode', title: '枚举', width: 120, render: (_v, c) => (c.fieldType === 'ENUM' ? <Select aria-label="枚举" showSearch optionFilterProp="label" value={c.enumCode ?? undefined} style={{ width: '100%' }} onChange={(enumCode) => set(c.key, { enumCode })} options={enums.map((e) => ({ value: e.enumCode, label: `${e.enumName}（${e.enumCode}）` }))} /> : null) },
          { key: 'defaultValue', title: '默认值', width: 100, render: (_v, c) => <Input aria-label="默认值" value={c.defaultValue ?? ''} onChange={(e) => set(c.key, { defaultValue: e.target.value || null })} /> },
          { key: 'validateName', title: '校验规则', width: 120, render: (_v, c) => <Select aria-label="校验规则" allowClear showSearch optionFilterProp="label" value={c.validateName ?? undefined} style={{ width: '100%' }} onChange={(v) => set(c.key, { validateName: v ?? null })} options={rules.map((r) => ({ value: r.validateName, label: r.validateName }))} /> },
          { key: 'required', title: '必填', width: 50, render: (_v, c) => <Checkbox aria-label="必填" checked={!!c.required} onChange={(e) => set(c.key, { required: e.target.checked })} /> },
          { key: 'unique', title: '唯一', width: 50, render: (_v, c) => <Checkbox aria-label="唯一" checked={!!c.unique} onChange={(e) => set(c.key, { unique: e.target.checked })} /> },
          { key: 'pinyin', title: '拼音检索', width: 70, render: (_v, c) => (c.fieldType === 'CHAR' ? <Checkbox aria-label="拼音检索" checked={!!c.pinyin} onChange={(e) => set(c.key, { pinyin: e.target.checked })} /> : null) },
          { key: 'del', title: '', width: 50, render: (_v, c) => <Button type="link" danger size="small" onClick={() => setColumns((cs) => cs.filter((_x, j) => j !== c.key))}>删除</Button> },
        ]}
      />
      <Button style={{ marginTop: 8 }} onClick={() => setColumns((cs) => [...cs, { ...EMPTY_COLUMN }])}>添加字段</Button>
      {initial?.tombstones.length ? <div style={{ marginTop: 8 }}>已删除字段（数据保留，重新添加同名列即可恢复）：{initial.tombstones.map((t) => <Tag key={t.fieldDbName}>{t.fieldExplain}({t.fieldDbName})</Tag>)}</div> : null}
    </Modal>
  );
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function EnumsTab() {
  const { request } = useRuntime();
  const { message } = AntApp.useApp();
  const [rows, setRows] = useState<EnumRow[]>([]);
  const [form] = Form.useForm<{ enumCode: string; enumName: string; items: { itemValue: string; itemLabel: string; color?: string }[] }>();
  const load = useCallback(async () => setRows((await fetchEnums(request)).list), [request]);
  useEffect(() => { void load().catch(() => undefined); }, [load]);
  return (
    <div>
      <Form form={form} layout="inline" style={{ rowGap: 8, marginBottom: 12 }} initialValues={{ items: [{ itemValue: '', itemLabel: '' }] }}
        onFinish={(v) => quietly(async () => { await request({ method: 'POST', url: '/optimus_prime/cg-custom-enum/create', body: v }); message.success('新增成功'); form.resetFields(); await load(); })()}>
        <Form.Item name="enumCode" label="编码" rules={[{ required: true }]}><Input style={{ width: 160 }} /></Form.Item>
        <Form.Item name="enumName" label="名称" rules={[{ required: true }]}><Input style={{ width: 140 }} /></Form.Item>
        <Form.List name="items">
          {(fields, { add }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key}>
                  <Form.Item name={[f.name, 'itemValue']} rules={[{ required: true }]}><Input placeholder="值" style={{ width: 90 }} /></Form.Item>
                  <Form.Item name={[f.name, 'itemLabel']} rules={[{ required: true }]}><Input placeholder="显示" style={{ width: 90 }} /></Form.Item>
                  <Form.Item name={[f.name, 'color']}><Select allowClear placeholder="标签颜色" style={{ width: 100 }} options={['blue', 'green', 'orange', 'red', 'purple', 'default'].map((c) => ({ value: c, label: <Tag color={c}>{c}</Tag> }))} /></Form.Item>
                </Space>
              ))}
              <Button style={{ marginRight: 16 }} onClick={() => add({ itemValue: '', itemLabel: '' })}>添加枚举值</Button>
            </>
          )}
        </Form.List>
        <Form.Item><Button type="primary" htmlType="submit">新增枚举</Button></Form.Item>
      </Form>
      <Table<EnumRow> size="small" bordered rowKey="id" dataSource={rows} pagination={false}
        columns={[
          { key: 'enumCode', title: '编码', dataIndex: 'enumCode' }, { key: 'enumName', title: '名称', dataIndex: 'enumName' },
          { key: 'items', title: '枚举值', render: (_v, r) => r.items.map((i) => <Tag key={i.itemValue} color={i.color ?? undefined}>{i.itemLabel}（{i.itemValue}）</Tag>) },
          { key: 'del', title: '操作', width: 80, render: (_v, r) => <Button type="link" danger size="small" onClick={quietly(async () => { await request({ method: 'DELETE', url: '/optimus_prime/cg-custom-enum/deletes', body: { ids: [r.id] } }); await load(); })}>删除</Button> },
        ]} />
    </div>
  );
}

/** Pass or fail of each typed sample under a pattern, as forms and the server check it (an empty sample passes). */
export function testRule(pattern: string, title: string, samples: string[]): { sample: string; problem: string | null }[] {
  return samples.map((sample) => ({ sample, problem: checkCgValidate({ validateMethod: pattern, validateTitle: title }, sample) }));
}

function RulesTab() {
  const { request } = useRuntime();
  const { message } = AntApp.useApp();
  const [rows, setRows] = useState<RuleRow[]>([]);
  const [rule, setRule] = useState({ validateName: '', validateMethod: '', validateTitle: '' });
  const [samples, setSamples] = useState('');
  const load = useCallback(async () => setRows((await fetchRules(request)).list), [request]);
  useEffect(() => { void load().catch(() => undefined); }, [load]);
  const problem = rule.validateMethod ? patternProblem(rule.validateMethod) : null;
  const valid = !!rule.validateMethod && !problem;
  const results = useMemo(() => (valid ? testRule(rule.validateMethod, rule.validateTitle || '不通过', samples.split('\n').filter((s) => s !== '')) : []), [valid, rule, samples]);
  return (
    <div>
      <Form layout="vertical" style={{ maxWidth: 720 }}
        onFinish={quietly(async () => { await request({ method: 'POST', url: '/optimus_prime/cg-validate/create', body: rule }); message.success('新增成功'); await load(); })}>
        <Space>
          <Form.Item label="名称" required><Input aria-label="规则名称" value={rule.validateName} onChange={(e) => setRule({ ...rule, validateName: e.target.value })} /></Form.Item>
          <Form.Item label="提示信息" required><Input aria-label="提示信息" value={rule.validateTitle} onChange={(e) => setRule({ ...rule, validateTitle: e.target.value })} /></Form.Item>
        </Space>
        <Form.Item label={`正则表达式（含 ${INVERT_MARKER} 时取反：匹配即为错误）`} required validateStatus={rule.validateMethod && !valid ? 'error' : undefined} help={problem ?? undefined}>
          <Input aria-label="正则表达式" className="wb-rule-pattern" value={rule.validateMethod} onChange={(e) => setRule({ ...rule, validateMethod: e.target.value })} />
        </Form.Item>
        <Form.Item label="测试样例（每行一个）"><Input.TextArea aria-label="测试样例" className="wb-rule-samples" rows={3} value={samples} onChange={(e) => setSamples(e.target.value)} /></Form.Item>
        <div className="wb-rule-results" style={{ marginBottom: 12 }}>
          {results.map((r, i) => <div key={i}><Tag color={r.problem ? 'red' : 'green'}>{r.problem ? '不通过' : '通过'}</Tag>{r.sample}{r.problem ? `：${r.problem}` : ''}</div>)}
        </div>
        <Button type="primary" htmlType="submit" disabled={!valid || !rule.validateName || !rule.validateTitle}>新增校验规则</Button>
      </Form>
      <Table<RuleRow> size="small" bordered rowKey="id" dataSource={rows} pagination={false} style={{ marginTop: 12 }}
        columns={[
          { key: 'validateName', title: '名称', dataIndex: 'validateName' }, { key: 'validateMethod', title: '正则表达式', dataIndex: 'validateMethod' },
          { key: 'validateTitle', title: '提示信息', dataIndex: 'validateTitle' },
          { key: 'del', title: '操作', width: 80, render: (_v, r) => <Button type="link" danger size="small" onClick={quietly(async () => { await request({ method: 'DELETE', url: '/optimus_prime/cg-validate/deletes', body: { ids: [r.id] } }); await load(); })}>删除</Button> },
        ]} />
    </div>
  );
}

function TypesTab() {
  const { request } = useRuntime();
  const [rows, setRows] = useState<TypeRow[]>([]);
  const [form] = Form.useForm<{ typeCode: string; typeName: string }>();
  const load = useCallback(async () => setRows((await fetchTypes(request)).list), [request]);
  useEffect(() => { void load().catch(() => undefined); }, [load]);
  return (
    <div>
      <Form form={form} layout="inline" style={{ marginBottom: 12 }} onFinish={(v) => quietly(async () => { await request({ method: 'POST', url: '/optimus_prime/cg-custom-type/create', body: v }); form.resetFields(); await load(); })()}>
        <Form.Item name="typeCode" label="编码" rules={[{ required: true }]}><Input /></Form.Item>
        <Form.Item name="typeName" label="名称" rules={[{ required: true }]}><Input /></Form.Item>
        <Form.Item><Button type="primary" htmlType="submit">新增分类</Button></Form.Item>
      </Form>
      <Table<TypeRow> size="small" bordered rowKey="id" dataSource={rows} pagination={false}
        columns={[{ key: 'typeCode', title: '编码', dataIndex: 'typeCode' }, { key: 'typeName', title: '名称', dataIndex: 'typeName' }]} />
    </div>
  );
}

function FormatsTab() {
  const { request } = useRuntime();
  const [rows, setRows] = useState<ValFormatRow[]>([]);
  const [sample, setSample] = useState('');
  useEffect(() => { void fetchValFormats(request).then((d) => setRows(d.list)).catch(() => undefined); }, [request]);
  return (
    <div>
      <Input aria-label="示例值" className="wb-format-sample" style={{ width: 260, marginBottom: 12 }} placeholder="输入示例值预览（留空用各自的示例）" value={sample} onChange={(e) => setSample(e.target.value)} />
      <Table<ValFormatRow> size="small" bordered rowKey="valFormatFun" dataSource={rows} pagination={false}
        columns={[
          { key: 'valFormatFun', title: '名称', dataIndex: 'valFormatFun' }, { key: 'label', title: '说明', dataIndex: 'label' },
          { key: 'sample', title: '示例值', render: (_v, r) => (sample || String(r.sample)) },
          { key: 'preview', title: '显示为', render: (_v, r) => formatValue(r.valFormatFun, sample || r.sample) },
        ]} />
    </div>
  );
}
