import { AlertOutlined, CarOutlined, DashboardOutlined, FileDoneOutlined, FundOutlined } from '@ant-design/icons';
import { Card, Col, Empty, List, Row, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
// the chart's own module: the runtime's entry would bring its list and form pages to the home page
import { EChart } from '../../runtime/widgets/echart';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../page-title';
import { request } from '../request/request';
import { session } from '../session/session-store';
import { useMenuTitle, type MenuNode } from '../session/menu';
import { useOpenMenu } from '../layout/use-open-menu';

const findByUuid = (nodes: MenuNode[], uuid: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.uuid === uuid) return n;
    const found = findByUuid(n.children, uuid);
    if (found) return found;
  }
  return undefined;
};

export interface HomeCounts { inFactory: number; weighedToday: number; netToday: number; pending: number; warnings: number }
export interface DayFigure { day: string; count: number; net: number }
interface VehicleRow { id: number; plateNumber: string; materialName: string | null; partnerName: string | null; gross: string | null; grossTime: string; resource: string }
interface Warning { type: string; title: string; detail: string; time: string; resource: string }
interface Agency { tableName: string; name: string; count: number }

/** The series name of the home chart's bars (its legend says what the numbers on them are). */
export const DAILY_LEGEND = '净重（吨），柱上数字为车次';

/** The ECharts option of the home chart: net tonnes per day as bars, each labelled with its 车次. */
export function dailyChartOption(days: DayFigure[], words: { legend: string; trips: (count: number) => string; tonnes: string } = { legend: DAILY_LEGEND, trips: (count) => `${count} 车次`, tonnes: '吨' }): Record<string, unknown> {
  return {
    animation: false,
    legend: { top: 0, data: [words.legend] },
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 12, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', name: words.tonnes },
    series: [{
      type: 'bar', name: words.legend, barMaxWidth: 40, itemStyle: { color: '#1f6fd1' },
      data: days.map((d) => ({ value: d.net, label: { show: true, position: 'top', formatter: words.trips(d.count) } })),
    }],
  };
}

/** Net tonnage per day as bars with the trip count on top (ECharts, loaded with the home page). */
export function DailyChart({ days }: { days: DayFigure[] }) {
  const t = useT();
  const option = useMemo(() => dailyChartOption(days, { legend: t('home.chartLegend'), trips: (count) => t('home.chartTrips', { count }), tonnes: t('home.tonnes') }), [days, t]);
  return <EChart option={option} label={t('home.chartLabel')} height={240} className="wb-chart" />;
}

/** /clouds/index: today's figures of the current company, each from an index/* endpoint (spec 000 §7.4). */
export function HomePage() {
  const t = useT();
  usePageTitle(t('home.title'));
  const menuTitle = useMenuTitle();
  const { userInfo, menu } = useSnapshot(session);
  const openMenu = useOpenMenu();
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
        {figure('inFactory', t('home.inFactory'), <CarOutlined />, t('home.unitVehicles'))}
        {figure('weighedToday', t('home.weighedToday'), <DashboardOutlined />, t('home.unitTrips'))}
        {figure('netToday', t('home.netToday'), <FundOutlined />, t('home.unitTons'), 3)}
        {figure('pending', t('home.pending'), <FileDoneOutlined />, t('home.unitDocs'))}
        {figure('warnings', t('home.warnings'), <AlertOutlined />, t('home.unitItems') || undefined)}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('home.chart')} extra={<span className="wb-home-note">{t('home.chartNote')}</span>}>{days.length ? <DailyChart days={days} /> : <Empty />}</Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('home.agency')}>
            <List size="small" dataSource={agency} locale={{ emptyText: t('home.agencyEmpty') }}
              renderItem={(a) => {
                const entry = findByUuid(menu as MenuNode[], a.tableName);
                const pending = t('home.agencyPending', { name: entry ? menuTitle(entry) : a.name });
                // opens the document's list filtered to its pending (自由) documents
                return (
                  <List.Item extra={<Tag color={a.count ? 'orange' : 'default'}>{a.count}</Tag>}>
                    {entry ? <a onClick={() => void openMenu(entry, '?status=FREE')}>{pending}</a> : pending}
                  </List.Item>
                );
              }} />
          </Card>
          <Card size="small" title={t('home.warnings')} style={{ marginTop: 12 }}>
            <List size="small" dataSource={warnings.slice(0, 6)} locale={{ emptyText: t('home.warnEmpty') }}
              renderItem={(w) => <List.Item><Tag color={w.type === 'STAY' ? 'red' : 'orange'}>{w.title}</Tag>{w.detail}</List.Item>} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('home.vehicles')} style={{ marginTop: 12 }}>
        <Table<VehicleRow>
          rowKey={(r) => `${r.resource}-${r.id}`} size="small" dataSource={vehicles} pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: t('home.col.plate'), dataIndex: 'plateNumber', width: 120 },
            { title: t('home.col.material'), dataIndex: 'materialName' },
            { title: t('home.col.partner'), dataIndex: 'partnerName' },
            { title: t('home.col.gross'), dataIndex: 'gross', align: 'right', width: 100 },
            { title: t('home.col.in'), dataIndex: 'grossTime', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
            { title: t('home.col.stay'), dataIndex: 'grossTime', key: 'stay', width: 140, render: (v: string) => t('home.stay', { h: Math.floor(dayjs().diff(dayjs(v), 'minute') / 60), m: dayjs().diff(dayjs(v), 'minute') % 60 }) },
          ]}
        />
      </Card>
    </div>
  );
}
