import { App as AntApp, Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { LazySqlEditor, useRuntime, type RuntimeServices, type SqlCompletion, type SqlProblem, type SqlTableInfo } from '../runtime';
import { AllotMenuModal } from './allot-menu-modal';
import { BUILTIN_SQL_PARAMS, SQL_PARAM_NAME, SQL_PARAM_TYPES, type SqlParamType } from '../schema/sql-params';

/**
 * 配置中心 → 数据源 → SQL 数据源: SQL data sources written in Monaco (completing keywords, the
 * tables and columns the author may read, and the parameters), checked by the server with
 * PostgreSQL's grammar — a refusal is marked at its line and column — and run read-only: 运行
 * shows the first 200 rows with their columns' PostgreSQL types, the row count and the time.
 * 生成模板 and 分配菜单 make a saved source a 动态报表, as the 数据源 tab does for tables.
 */

type Request = RuntimeServices['request'];
const BASE = '/optimus_prime/cg-sql-source';

export interface ParamDraft { name: string; type: SqlParamType; label?: string | null; defaultValue?: string | null; value?: string | null }
export interface SqlSourceRow {
  id: number; version: number; code: string; name: string; sqlText: string; params: ParamDraft[]; description: string | null;
  resultColumns: { name: string; type: string }[] | null;
}
export interface RunResult { columns: { name: string; type: string }[]; rows: Record<string, unknown>[]; total: number; truncated: boolean; ms: number }

export const PARAM_TYPE_LABELS: Record<SqlParamType, string> = { text: '文本', integer: '整数', numeric: '数值', date: '日期', timestamp: '日期时间', boolean: '是否' };
/** The banner of a cut answer. */
export const TRUNCATED_BANNER = '只显示前 200 行';

const fetchSources = (request: Request, keyword?: string) =>
  request<{ list: SqlSourceRow[]; total: number }>({ method: 'POST', url: `${BASE}/list`, body: { keyword, limit: { pn: 1, ps: 500 } } });
const fetchReadable = (request: Request) => request<SqlTableInfo[]>({ url: `${BASE}/tables`, quiet: true });
const generateTemplates = (request: Request, id: number) =>
  request<{ id: number; formatType: string; formatCode: string; formatName: string }[]>({ method: 'POST', url: `${BASE}/generate/${id}` });
const allotMenu = (request: Request, id: number, parentId: number) =>
  request<{ menuId: number; urlPath: string }>({ method: 'POST', url: `${BASE}/allot-menu/${id}`, body: { parentId } });

/** The refusal a failed call carries: `{ message, position }` of a check, or the message of another 400. */
export function problemOf(error: unknown): SqlProblem {
  const data = (error as { data?: unknown }).data as { message?: unknown; position?: unknown } | null | undefined;
  if (data && typeof data.message === 'string') return { message: data.message, position: data.position as SqlProblem['position'] };
  return { message: error instanceof Error ? error.message : String(error), position: null };
}

/** Declared parameters as the server takes them (blank defaults and values left out). */
const paramsBody = (params: ParamDraft[], withValues: boolean) => params.map((p) => ({
  name: p.name.trim(), type: p.type, label: p.label?.trim() || null, defaultValue: p.defaultValue === '' || p.defaultValue === undefined ? null : p.defaultValue,
  ...(withValues && p.value !== undefined && p.value !== null && p.value !== '' ? { value: p.value } : {}),
}));

/** A problem of the declared parameters the server would refuse too, or null. */
export function paramsProblem(params: ParamDraft[]): string | null {
  const seen = new Set<string>();
  for (const [i, p] of params.entries()) {
    const name = p.name.trim();
    if (!SQL_PARAM_NAME.test(name)) return `第 ${i + 1} 个参数的名称须以字母开头，由字母、数字、下划线组成`;
    if ((BUILTIN_SQL_PARAMS as readonly string[]).includes(name)) return `参数 ${name} 由系统提供，不能声明`;
    if (seen.has(name)) return `参数 ${name} 重复`;
    seen.add(name);
  }
  return null;
}

export function SqlSourcesTab() {
  const { request } = useRuntime();
  const { message, modal } = AntApp.useApp();
  const [rows, setRows] = useState<SqlSourceRow[]>([]);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<SqlSourceRow | 'new' | null>(null);
  const [allotting, setAllotting] = useState<SqlSourceRow | null>(null);
  const load = useCallback(async () => setRows((await fetchSources(request, keyword || undefined)).list), [request, keyword]);
  useEffect(() => { void load().catch(() => undefined); }, [load]);
  const generate = (row: SqlSourceRow) => {
    void generateTemplates(request, row.id).then((made) => {
      modal.success({ title: '已生成草稿模板', content: <div>{made.map((t) => <div key={t.id}>{t.formatType}：{t.formatName}（{t.formatCode}）</div>)}<div>请在 模板设计 中发布。</div></div> });
    }).catch(() => undefined);
  };
  return (
    <div className="wb-list-page wb-sql-sources">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="编码或名称" onSearch={setKeyword} style={{ width: 240 }} />
        <Button type="primary" onClick={() => setEditing('new')}>新增SQL数据源</Button>
      </Space>
      <Table<SqlSourceRow>
        size="small" bordered rowKey="id" dataSource={rows} pagination={false}
        columns={[
          { key: 'name', title: '名称', dataIndex: 'name', width: 160 },
          { key: 'code', title: '编码', dataIndex: 'code', width: 170 },
          { key: 'params', title: '参数', render: (_v, r) => (r.params ?? []).map((p) => <Tag key={p.name}>:{p.name}（{PARAM_TYPE_LABELS[p.type] ?? p.type}）</Tag>) },
          { key: 'columns', title: '结果列', render: (_v, r) => (r.resultColumns ?? []).map((c) => c.name).join('、') },
          { key: 'list', title: '列表接口', width: 250, render: (_v, r) => <Typography.Text code>{`${BASE}/${r.code}/list`}</Typography.Text> },
          {
            key: 'action', title: '操作', width: 236, render: (_v, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>编辑</Button>
                <Button type="link" size="small" disabled={!r.resultColumns?.length} onClick={() => generate(r)}>生成模板</Button>
                <Button type="link" size="small" disabled={!r.resultColumns?.length} onClick={() => setAllotting(r)}>分配菜单</Button>
                <Popconfirm title={`删除SQL数据源 ${r.name}？`} onConfirm={() => void request({ method: 'DELETE', url: `${BASE}/deletes`, body: { ids: [r.id] } }).then(async () => { message.success('删除成功'); await load(); }).catch(() => undefined)}>
                  <Button type="link" size="small" danger>删除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {allotting && <AllotMenuModal name={allotting.name} allot={(parentId) => allotMenu(request, allotting.id, parentId)} onClose={() => setAllotting(null)} />}
      {editing && <SqlSourceEditor initial={editing === 'new' ? null : editing} onClose={(saved) => { setEditing(null); if (saved) void load().catch(() => undefined); }} />}
    </div>
  );
}

const NEW_SQL = 'select \n';

/** 新增 / 编辑 of a SQL source: code, name, parameters, the statement; 运行 and 保存 answer with rows or a marked refusal. */
export function SqlSourceEditor({ initial, onClose }: { initial: SqlSourceRow | null; onClose: (saved: boolean) => void }) {
  const { request } = useRuntime();
  const { message } = AntApp.useApp();
  const [head, setHead] = useState({ code: initial?.code ?? '', name: initial?.name ?? '', description: initial?.description ?? '' });
  const [sqlText, setSqlText] = useState(initial?.sqlText ?? NEW_SQL);
  const [params, setParams] = useState<ParamDraft[]>(() => (initial?.params ?? []).map((p) => ({ ...p, defaultValue: p.defaultValue === null || p.defaultValue === undefined ? '' : String(p.defaultValue) })));
  const [tables, setTables] = useState<SqlTableInfo[]>([]);
  const [problem, setProblem] = useState<SqlProblem | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const [busy, setBusy] = useState<'run' | 'save' | null>(null);
  useEffect(() => { void fetchReadable(request).then(setTables).catch(() => undefined); }, [request]);
  const completion = useMemo<SqlCompletion>(() => ({ tables, params: params.map((p) => ({ name: p.name.trim(), type: p.type, label: p.label })) }), [tables, params]);
  const setParam = (i: number, patch: Partial<ParamDraft>) => setParams((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const declared = paramsProblem(params);

  const run = async () => {
    if (declared) return void message.error(declared);
    setBusy('run');
    try {
      const answer = await request<RunResult>({ method: 'POST', url: `${BASE}/run`, body: { sql: sqlText, params: paramsBody(params, true) }, quiet: true });
      setProblem(null);
      setResult(answer);
    } catch (error) {
      setResult(null);
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    if (declared) return void message.error(declared);
    if (!/^[a-z][a-z0-9_]{0,62}$/.test(head.code)) return void message.error('编码须以小写字母开头，由小写字母、数字、下划线组成');
    if (!head.name.trim()) return void message.error('请填写名称');
    setBusy('save');
    try {
      const body = { code: head.code, name: head.name, description: head.description || null, sqlText, params: paramsBody(params, false) };
      if (initial) await request({ method: 'PUT', url: `${BASE}/update`, body: { ...body, id: initial.id, version: initial.version }, quiet: true });
      else await request({ method: 'POST', url: `${BASE}/create`, body, quiet: true });
      message.success('保存成功');
      onClose(true);
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
      if (found.position === null || found.position === undefined) message.error(found.message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open width={1200} title={initial ? `编辑SQL数据源：${initial.name}` : '新增SQL数据源'} onCancel={() => onClose(false)} maskClosable={false}
      // Esc belongs to the editor (closing its suggestions), never to the dialog holding unsaved SQL
      keyboard={false}
      footer={[
        <Button key="cancel" onClick={() => onClose(false)}>取消</Button>,
        <Button key="run" onClick={() => void run()} loading={busy === 'run'}>运行</Button>,
        <Button key="save" type="primary" onClick={() => void save()} loading={busy === 'save'}>保存</Button>,
      ]}
    >
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item label="编码" required><Input aria-label="编码" value={head.code} onChange={(e) => setHead({ ...head, code: e.target.value.trim() })} style={{ width: 200 }} placeholder="rpt_xxx" /></Form.Item>
        <Form.Item label="名称" required><Input aria-label="名称" value={head.name} onChange={(e) => setHead({ ...head, name: e.target.value })} style={{ width: 200 }} /></Form.Item>
        <Form.Item label="说明"><Input aria-label="说明" value={head.description} onChange={(e) => setHead({ ...head, description: e.target.value })} style={{ width: 420 }} /></Form.Item>
      </Form>
      <div className="wb-sql-params">
        <Typography.Text type="secondary">参数（在 SQL 中写 :名称；:currentOrg、:currentUser、:currentGroup 由系统按当前登录绑定）</Typography.Text>
        <Table<ParamDraft & { key: number }>
          size="small" bordered pagination={false} style={{ margin: '6px 0 8px' }} dataSource={params.map((p, key) => ({ ...p, key }))}
          locale={{ emptyText: '无声明参数' }}
          columns={[
            { key: 'name', title: '名称', width: 180, render: (_v, p) => <Input aria-label="参数名称" value={p.name} onChange={(e) => setParam(p.key, { name: e.target.value })} /> },
            { key: 'type', title: '类型', width: 130, render: (_v, p) => <Select aria-label="参数类型" value={p.type} style={{ width: '100%' }} onChange={(type) => setParam(p.key, { type })} options={Object.keys(SQL_PARAM_TYPES).map((t) => ({ value: t, label: PARAM_TYPE_LABELS[t as SqlParamType] }))} /> },
            { key: 'label', title: '显示名', width: 160, render: (_v, p) => <Input aria-label="参数显示名" value={p.label ?? ''} onChange={(e) => setParam(p.key, { label: e.target.value })} /> },
            { key: 'defaultValue', title: '默认值', width: 180, render: (_v, p) => <Input aria-label="参数默认值" value={p.defaultValue ?? ''} onChange={(e) => setParam(p.key, { defaultValue: e.target.value })} placeholder={p.type === 'date' ? 'yyyy-MM-dd' : ''} /> },
            { key: 'value', title: '运行时取值', width: 180, render: (_v, p) => <Input aria-label="参数运行值" value={p.value ?? ''} onChange={(e) => setParam(p.key, { value: e.target.value })} placeholder="空则用默认值" /> },
            { key: 'del', title: '', width: 60, render: (_v, p) => <Button type="link" danger size="small" onClick={() => setParams((ps) => ps.filter((_x, j) => j !== p.key))}>删除</Button> },
          ]}
        />
        <Button size="small" onClick={() => setParams((ps) => [...ps, { name: '', type: 'text', label: '', defaultValue: '' }])}>添加参数</Button>
      </div>
      <div className="wb-sql-source-editor" style={{ marginTop: 12, border: '1px solid #d9d9d9' }}>
        <Suspense fallback={<Spin style={{ display: 'block', padding: 40 }} />}>
          <LazySqlEditor value={sqlText} onChange={setSqlText} height={260} completion={completion} problem={problem} />
        </Suspense>
      </div>
      {problem && (
        <Alert
          className="wb-sql-problem" type="error" showIcon style={{ marginTop: 8 }}
          message={problem.position && typeof problem.position === 'object' ? `第 ${problem.position.line} 行第 ${problem.position.column} 列：${problem.message}` : problem.message}
        />
      )}
      {result && <RunResultView result={result} />}
    </Modal>
  );
}

/** 运行's answer: the row count and time, the banner when cut, the first rows under their columns with their PostgreSQL types. */
export function RunResultView({ result }: { result: RunResult }) {
  return (
    <div className="wb-sql-result" style={{ marginTop: 8 }}>
      <Space style={{ marginBottom: 6 }}>
        <span className="wb-sql-count">共 {result.total} 行</span>
        <span className="wb-sql-ms">用时 {result.ms} ms</span>
      </Space>
      {result.truncated && <Alert className="wb-sql-truncated" type="warning" showIcon message={TRUNCATED_BANNER} style={{ marginBottom: 6 }} />}
      <Table<Record<string, unknown> & { __key: number }>
        size="small" bordered pagination={false} scroll={{ x: 'max-content', y: 260 }} rowKey="__key"
        dataSource={result.rows.map((r, __key) => ({ ...r, __key }))}
        columns={result.columns.map((c) => ({
          key: c.name, dataIndex: c.name,
          title: <span className="wb-sql-col">{c.name} <Tag className="wb-sql-type" style={{ marginInlineEnd: 0 }}>{c.type}</Tag></span>,
          render: (v: unknown) => (v === null || v === undefined ? <Typography.Text type="secondary">NULL</Typography.Text> : typeof v === 'object' ? JSON.stringify(v) : String(v)),
        }))}
      />
    </div>
  );
}
