import { AlertOutlined, CarOutlined, DashboardOutlined, FileDoneOutlined, FundOutlined } from '@ant-design/icons';
import { Card, Col, Empty, List, Row, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../page-title';
import { request } from '../request/request';
import { session } from '../session/session-store';

export interface HomeCounts { inFactory: number; weighedToday: number; netToday: number; pending: number; warnings: number }
export interface DayFigure { day: string; count: number; net: number }
interface VehicleRow { id: number; plateNumber: string; materialName: string | null; partnerName: string | null; gross: string | null; grossTime: string; resource: string }
interface Warning { type: string; title: string; detail: string; time: string; resource: string }
interface Agency { tableName: string; name: string; count: number }

/** Net tonnage per day as bars with the trip count on top: an SVG drawn from the figures. */
export function DailyChart({ days }: { days: DayFigure[] }) {
  const width = 560;
  const height = 220;
  const pad = { left: 44, right: 12, top: 24, bottom: 28 };
  const max = Math.max(1, ...days.map((d) => d.net));
  const step = (width - pad.left - pad.right) / Math.max(1, days.length);
  const y = (v: number) => pad.top + (height - pad.top - pad.bottom) * (1 - v / max);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="wb-chart" role="img" aria-label="近7天净重（吨）">
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={pad.left} x2={width - pad.right} y1={y(max * f)} y2={y(max * f)} stroke="#e5e9f0" />
          <text x={pad.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#8a94a6">{Math.round(max * f)}</text>
        </g>
      ))}
      {days.map((d, i) => {
        const x = pad.left + i * step + step * 0.2;
        const w = step * 0.6;
        return (
          <g key={d.day} data-day={d.day}>
            <rect x={x} y={y(d.net)} width={w} height={Math.max(0, height - pad.bottom - y(d.net))} fill="#1f6fd1" rx="2">
              <title>{`${d.day}：${d.net} 吨，${d.count} 车次`}</title>
            </rect>
            <text x={x + w / 2} y={y(d.net) - 6} textAnchor="middle" fontSize="11" fill="#33415c">{d.count}</text>
            <text x={x + w / 2} y={height - 10} textAnchor="middle" fontSize="11" fill="#8a94a6">{d.day.slice(5)}</text>
          </g>
        );
      })}
    </svg>
  );
}

/** /clouds/index: today's figures of the current company, each from an index/* endpoint (spec 000 §7.4). */
export function HomePage() {
  const t = useT();
  usePageTitle(t('home.title'));
  const { userInfo } = useSnapshot(session);
  const org = userInfo?.currentOrg;
  const [counts, setCounts] = useState<HomeCounts | null>(null);
  const [days, setDays] = useState<DayFigure[]>([]);
  const [vehicles, setVehicles] = useState<VehicleRow[]>([]);
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const [agency, setAgency] = useState<Agency[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!org) return;
    let live = true;
    setLoading(true);
    const post = <T,>(url: string) => request<T>({ method: 'POST', url, body: {}, quiet: true });
    void Promise.allSettled([
      post<HomeCounts>('/index/getCount').then((d) => live && setCounts(d)),
      post<DayFigure[]>('/index/getDetail').then((d) => live && setDays(d)),
      post<VehicleRow[]>('/index/getVehicleTable').then((d) => live && setVehicles(d)),
      post<Warning[]>('/index/getWarn').then((d) => live && setWarnings(d)),
      post<Agency[]>('/index/getAgency').then((d) => live && setAgency(d)),
    ]).finally(() => live && setLoading(false));
    return () => { live = false; };
  }, [org]);

  const figure = (key: keyof HomeCounts, title: string, icon: React.ReactNode, suffix?: string, precision?: number) => (
    <Col xs={12} md={8} xl={4} key={key}>
      <Card size="small" className="wb-figure" loading={loading && !counts}>
        <Statistic title={<span data-testid={`figure-${key}`}>{icon} {title}</span>} value={counts?.[key] ?? 0} suffix={suffix} precision={precision} />
      </Card>
    </Col>
  );

  return (
    <div className="wb-home">
      <div className="wb-home-head">
        <h2>{userInfo?.currentOrgName ?? ''}</h2>
        <span className="wb-home-date">{dayjs().format('YYYY-MM-DD')}</span>
      </div>
      <Row gutter={[12, 12]}>
        {figure('inFactory', '在厂车辆', <CarOutlined />, '辆')}
        {figure('weighedToday', '今日过磅', <DashboardOutlined />, '车次')}
        {figure('netToday', '今日净重', <FundOutlined />, '吨', 3)}
        {figure('pending', '待审核单据', <FileDoneOutlined />, '张')}
        {figure('warnings', '预警', <AlertOutlined />, '条')}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={14}>
          <Card size="small" title="近7天净重（吨）与车次">{days.length ? <DailyChart days={days} /> : <Empty />}</Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title="待办">
            <List size="small" dataSource={agency} locale={{ emptyText: '暂无待办' }}
              renderItem={(a) => <List.Item extra={<Tag color={a.count ? 'orange' : 'default'}>{a.count}</Tag>}>{a.name}（待审核）</List.Item>} />
          </Card>
          <Card size="small" title="预警" style={{ marginTop: 12 }}>
            <List size="small" dataSource={warnings.slice(0, 6)} locale={{ emptyText: '暂无预警' }}
              renderItem={(w) => <List.Item><Tag color={w.type === 'STAY' ? 'red' : 'orange'}>{w.title}</Tag>{w.detail}</List.Item>} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="在厂车辆" style={{ marginTop: 12 }}>
        <Table<VehicleRow>
          rowKey={(r) => `${r.resource}-${r.id}`} size="small" dataSource={vehicles} pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: '车牌号', dataIndex: 'plateNumber', width: 120 },
            { title: '物料', dataIndex: 'materialName' },
            { title: '供应商/客户', dataIndex: 'partnerName' },
            { title: '毛重(吨)', dataIndex: 'gross', align: 'right', width: 100 },
            { title: '进厂时间', dataIndex: 'grossTime', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
            { title: '在厂时长', dataIndex: 'grossTime', key: 'stay', width: 140, render: (v: string) => `${Math.floor(dayjs().diff(dayjs(v), 'minute') / 60)} 小时 ${dayjs().diff(dayjs(v), 'minute') % 60} 分` },
          ]}
        />
      </Card>
    </div>
  );
}
