import { Alert, Button, Card, DatePicker, Form, Input, Statistic, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Decimal from 'decimal.js';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../page-title';
import { request } from '../request/request';

/*
 * The signed-out screens of spec 000 §2.1. Each shows one organisation, named by its code in the
 * address (`?org=DFNY`); the server checks the code and answers only what the page shows.
 */

const KIND_LABEL: Record<string, string> = { PU: '采购', SA: '销售' };
const time = (at: string | null) => (at ? dayjs(at).format('HH:mm:ss') : '');

/** Loads a public endpoint for the address's organisation, again every `refreshMs` when given. */
function usePublic<T>(url: string, query: Record<string, string>, refreshMs?: number): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    const load = () => request<T>({ url, query: JSON.parse(key) as Record<string, string>, auth: false, quiet: true })
      .then((d) => { if (live) { setData(d); setError(null); } })
      .catch((e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    void load();
    const timer = refreshMs ? setInterval(() => void load(), refreshMs) : undefined;
    return () => { live = false; clearInterval(timer); };
  }, [url, key, refreshMs]);
  return { data, error };
}

/** A public page: its title, and the organisation code asked for when the address names none. */
function PublicFrame({ title, children }: { title: string; children: (org: string) => ReactNode }) {
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const org = params.get('org') ?? '';
  return (
    <div className="wb-public" style={{ padding: 24, maxWidth: 1200, margin: '0 auto' }}>
      <h1 style={{ textAlign: 'center' }}>{title}</h1>
      {org ? children(org) : (
        <Form layout="inline" onFinish={(v: { org: string }) => setParams({ ...Object.fromEntries(params), org: v.org.trim() })}>
          <Form.Item name="org" label="组织编码" rules={[{ required: true, whitespace: true, message: '请输入组织编码' }]}><Input /></Form.Item>
          <Button type="primary" htmlType="submit">查看</Button>
        </Form>
      )}
    </div>
  );
}

interface Vehicle { kind: string; plateNumber: string; point: string; label: string; since: string }
interface FactoryBoard { orgName: string; total: number; stages: { point: string; label: string; count: number }[]; vehicles: Vehicle[] }

/** /factoryvehicle/index: the trucks inside the factory now, by stage of the truck cycle (refreshed every 10 s). */
export function FactoryVehiclePage() {
  return <PublicFrame title="厂内车辆实时统计">{(org) => <FactoryBoardView org={org} />}</PublicFrame>;
}
function FactoryBoardView({ org }: { org: string }) {
  const { data, error } = usePublic<FactoryBoard>('/public/factory-vehicle', { org }, 10_000);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <>
      <h2>{data.orgName}</h2>
      <Card size="small"><Statistic title="厂内车辆" value={data.total} suffix="辆" /></Card>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, margin: '12px 0' }}>
        {data.stages.map((s) => <Card key={s.point} size="small" style={{ minWidth: 140 }}><Statistic title={`${KIND_LABEL[s.point.startsWith('SH') ? 'PU' : 'SA']}·${s.label}`} value={s.count} /></Card>)}
      </div>
      <Table<Vehicle> size="small" rowKey={(v) => `${v.kind}-${v.plateNumber}-${v.point}`} dataSource={data.vehicles} pagination={false} columns={[
        { title: '车牌号', dataIndex: 'plateNumber' },
        { title: '业务', dataIndex: 'kind', render: (k: string) => KIND_LABEL[k] },
        { title: '当前环节', dataIndex: 'label', render: (l: string) => <Tag color="blue">{l}</Tag> },
        { title: '到达时间', dataIndex: 'since', render: time },
      ]} />
    </>
  );
}

interface AssayResult { item: string; value: string | null; unit: string | null; passed: boolean | null }
interface WeighRow { kind: string; plateNumber: string; materialName: string; net: string | null; weighStatus: string; at: string; assay: AssayResult[] }

/** A truck's assay results: item and value, red when outside the item's limits. */
function AssayTags({ results }: { results: AssayResult[] }) {
  if (!results.length) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>未化验</span>;
  return (
    <>
      {results.map((r) => (
        <Tag key={r.item} color={r.passed === false ? 'red' : r.passed ? 'green' : undefined}>
          {r.item} {r.value === null ? '—' : new Decimal(r.value).toString()}{r.unit && r.unit !== '%' ? ` ${r.unit}` : r.unit ?? ''}
        </Tag>
      ))}
    </>
  );
}
const STATUS: Record<string, [string, string]> = { GROSS: ['已称毛重', 'orange'], TARE: ['已称皮重', 'gold'], DONE: ['已完成', 'green'], CANCELLED: ['已取消', 'red'] };

/** /viewWeigh: the bulk-goods quality inspection platform — today's weighings with their audited assay results (refreshed every 30 s). */
export function ViewWeighPage() {
  return <PublicFrame title="散货质检平台">{(org) => <ViewWeighView org={org} />}</PublicFrame>;
}
function ViewWeighView({ org }: { org: string }) {
  const { data, error } = usePublic<{ orgName: string; day: string; rows: WeighRow[] }>('/public/view-weigh', { org }, 30_000);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  return (
    <>
      <h2>{data.orgName} · {data.day} 过磅</h2>
      <Table<WeighRow> size="small" rowKey={(r) => `${r.kind}-${r.plateNumber}-${r.at}`} dataSource={data.rows} pagination={false} columns={[
        { title: '时间', dataIndex: 'at', render: time },
        { title: '车牌号', dataIndex: 'plateNumber' },
        { title: '业务', dataIndex: 'kind', render: (k: string) => KIND_LABEL[k] },
        { title: '物料', dataIndex: 'materialName' },
        { title: '净重(吨)', dataIndex: 'net', align: 'right' },
        { title: '化验结果', dataIndex: 'assay', render: (a: AssayResult[]) => <AssayTags results={a} /> },
        { title: '状态', dataIndex: 'weighStatus', render: (s: string) => <Tag color={STATUS[s]?.[1]}>{STATUS[s]?.[0] ?? s}</Tag> },
      ]} />
    </>
  );
}

/**
 * /conditional/index and /dayConditional/index: the team report's conditions (a period, or one
 * day); 查询 opens /Information/index or /dayInformation/index with them in the address.
 */
export function TeamConditionPage({ daily }: { daily: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  usePageTitle(daily ? '班组日报查询' : '班组报表查询');
  const today = dayjs();
  const finish = (v: { org: string; day?: Dayjs; period?: [Dayjs, Dayjs] }) => {
    const [from, to] = daily ? [v.day!, v.day!] : v.period!;
    const q = new URLSearchParams({ org: v.org.trim(), from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
    navigate(`${daily ? '/dayInformation/index' : '/Information/index'}?${q.toString()}`);
  };
  return (
    <div className="wb-public" style={{ padding: 24, maxWidth: 600, margin: '0 auto' }}>
      <h1 style={{ textAlign: 'center' }}>{daily ? '班组日报' : '班组报表'}</h1>
      <Form layout="vertical" onFinish={finish} initialValues={{ org: params.get('org') ?? '', day: today, period: [today.startOf('month'), today] }}>
        <Form.Item name="org" label="组织编码" rules={[{ required: true, whitespace: true, message: '请输入组织编码' }]}><Input /></Form.Item>
        {daily
          ? <Form.Item name="day" label="日期" rules={[{ required: true, message: '请选择日期' }]}><DatePicker /></Form.Item>
          : <Form.Item name="period" label="期间" rules={[{ required: true, message: '请选择期间' }]}><DatePicker.RangePicker /></Form.Item>}
        <Button type="primary" htmlType="submit">查询</Button>
      </Form>
    </div>
  );
}

interface TeamRow { kind: string; team: string; materialName: string; count: number; net: string }

/** /Information/index and /dayInformation/index: the team report of the conditions in the address. */
export function TeamInformationPage({ daily }: { daily: boolean }) {
  const [params] = useSearchParams();
  const query = { org: params.get('org') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  usePageTitle(daily ? '班组日报' : '班组报表');
  const { data, error } = usePublic<{ orgName: string; from: string; to: string; rows: TeamRow[] }>('/public/team-report', query);
  const back = <a href={`${daily ? '/dayConditional/index' : '/conditional/index'}?org=${encodeURIComponent(query.org)}`}>重新查询</a>;
  return (
    <div className="wb-public" style={{ padding: 24, maxWidth: 1200, margin: '0 auto' }}>
      <h1 style={{ textAlign: 'center' }}>{daily ? '班组日报' : '班组报表'}</h1>
      {error ? <Alert type="error" message={error} action={back} /> : data && (
        <>
          <h2>{data.orgName} · {data.from === data.to ? data.from : `${data.from} 至 ${data.to}`} {back}</h2>
          <Table<TeamRow> size="small" rowKey={(r) => `${r.kind}-${r.team}-${r.materialName}`} dataSource={data.rows} pagination={false} columns={[
            { title: '班组(司磅员)', dataIndex: 'team' },
            { title: '业务', dataIndex: 'kind', render: (k: string) => KIND_LABEL[k] },
            { title: '物料', dataIndex: 'materialName' },
            { title: '车次', dataIndex: 'count' },
            { title: '净重(吨)', dataIndex: 'net' },
          ]} summary={(rows) => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={3}>{rows.reduce((n, r) => n + r.count, 0)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4}>{rows.reduce((n, r) => n.plus(r.net), new Decimal(0)).toFixed(3)}</Table.Summary.Cell>
            </Table.Summary.Row>
          )} />
        </>
      )}
    </div>
  );
}
