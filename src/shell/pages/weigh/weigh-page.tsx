import { Alert, Button, Card, Col, Descriptions, Empty, Input, InputNumber, Modal, Radio, Row, Select, Space, Table, Tag, Typography, message } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { captureProblem, POINT_LABELS, type ScaleSettings, type VisitKind, type WeighingType } from '../../../schema/weigh';
import { request } from '../../request/request';
import { session } from '../../session/session-store';
import { followScale, type ReceivedValue } from './live-stream';
import { WeighTicket, type TicketData, type TicketWidth } from './weigh-ticket';
import { AUTO_CALL_REFRESH_MS, AutoCallSwitch } from './auto-call-switch';
import { download } from '../../request/download';
import { saveFile } from '../../../runtime/list/use-export';
import { TemplateEditPage } from '../../../runtime';
import type { MenuNode } from '../../session/menu';

const findMenu = (nodes: MenuNode[], uuid: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.uuid === uuid) return n;
    const found = findMenu(n.children, uuid);
    if (found) return found;
  }
  return undefined;
};

interface Scale extends ScaleSettings {
  id: number;
  scaleCode: string;
  scaleName: string;
  station: string;
  certWarning: string | null;
}

interface VisitView {
  kind: VisitKind;
  registryId: number;
  registryCode: string;
  plateNumber: string;
  cardCode: string | null;
  driverName: string | null;
  noticeCode: string | null;
  partner: string | null;
  materialName: string | null;
  point: string | null;
  pointLabel: string | null;
  queueNo: number | null;
  next: string | null;
  nextLabel: string | null;
  nextWeighing: WeighingType | null;
  weigh: null | {
    id: number; billCode: string; gross: string | null; tare: string | null; net: string | null; deduct: string | null; deductRate: string | null; settleWeight: string | null;
    grossTime: string | null; tareTime: string | null; weigherName: string | null; tareWeigher: string | null; manualEntry: boolean | null; weighStatus: string | null;
  };
  alarms?: { kind: string; message: string }[];
}

/** The steps the page offers besides the weighings, with the call each makes. */
const STEP_CALLS: Record<string, { label: string; url: string; extra?: Record<string, string> }> = {
  SIGN_IN: { label: '排队', url: '/flow/inf/queue' },
  CALL: { label: '叫号', url: '/flow/inf/updateCall' },
  IN_DOOR: { label: '进厂', url: '/flow/inf/door', extra: { direction: 'IN' } },
  SCENE_CONFIRM: { label: '现场确认完成', url: '/flow/inf/confirm' },
  OUT_DOOR: { label: '出厂', url: '/flow/inf/door', extra: { direction: 'OUT' } },
};

/** Re-renders every `ms` (the freshness of the live value changes with time alone). */
function useTick(ms: number) {
  const [, set] = useState(0);
  useEffect(() => {
    const t = setInterval(() => set((n) => n + 1), ms);
    return () => clearInterval(t);
  }, [ms]);
}

/**
 * 称重 (spec 001 §2 "Weighing page"): choose the scale, identify the truck by plate, IC card or
 * from the called queue, and take it through its control points. The weight is never typed: 采集毛重
 * and 采集皮重 ask the server to capture the scale's current frame, and are enabled only while the
 * live value is stable, above Min and fresh (the reason is shown otherwise).
 */
export function WeighPage() {
  const { permissions, userInfo, menu } = useSnapshot(session);
  const canWeigh = !!userInfo?.admin || !!permissions.measure_weigh_weigh;
  const [scales, setScales] = useState<Scale[]>([]);
  const [scaleId, setScaleId] = useState<number | null>(null);
  const [live, setLive] = useState<ReceivedValue | null>(null);
  const [kind, setKind] = useState<VisitKind>('PU');
  const [plate, setPlate] = useState('');
  const [card, setCard] = useState('');
  const [visit, setVisit] = useState<VisitView | null>(null);
  const [queue, setQueue] = useState<VisitView[]>([]);
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<TicketData | null>(null);
  const [ticketWidth, setTicketWidth] = useState<TicketWidth>('A5');
  useTick(200);

  useEffect(() => {
    void request<Scale[]>({ url: '/measure/weigh/scales' }).then((list) => {
      setScales(list);
      setScaleId((id) => id ?? list[0]?.id ?? null);
    }).catch(() => undefined);
  }, []);
  useEffect(() => {
    if (scaleId === null) return undefined;
    setLive(null);
    return followScale(scaleId, setLive);
  }, [scaleId]);
  const loadQueue = useCallback(() => {
    void request<VisitView[]>({ url: '/flow/inf/queue', query: { kind } }).then(setQueue).catch(() => undefined);
  }, [kind]);
  useEffect(() => {
    // the automatic call moves trucks on by itself: the queue is read again while the page is open
    loadQueue();
    const timer = setInterval(loadQueue, AUTO_CALL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [loadQueue]);

  const scale = scales.find((s) => s.id === scaleId) ?? null;
  // freshness is judged on the browser's clock: when the value arrived here
  const problem = scale ? captureProblem(live && { ...live, at: live.receivedAt }, scale, Date.now()) : '请选择称重设备';

  // the weigh-record menu of the kind shown: its FORM template opens in weigh mode for the on-site confirmation
  const weighMenu = useMemo(() => findMenu(menu as MenuNode[], kind === 'PU' ? 'mm_pu_weigh' : 'mm_sa_weigh'), [menu, kind]);
  const [confirming, setConfirming] = useState(false);
  // 现场扣重: what the inspector states at the on-site confirmation, sent with 现场确认完成
  const [siteDeduct, setSiteDeduct] = useState<number | null>(null);
  const [siteRate, setSiteRate] = useState<number | null>(null);
  useEffect(() => { setSiteDeduct(null); setSiteRate(null); }, [visit?.registryId]);
  const refreshVisit = async () => {
    if (!visit) return;
    const next = await request<VisitView>({ url: `/flow/inf/visit/${visit.kind}/${visit.registryId}` }).catch(() => null);
    if (next) setVisit(next);
  };

  const find = async () => {
    const query = plate.trim() ? { kind, plate: plate.trim().toUpperCase() } : { kind, card: card.trim() };
    setVisit(await request<VisitView>({ url: '/flow/inf/find-weigh', query }).catch(() => null));
  };
  const act = async (url: string, body: Record<string, unknown>) => {
    if (!visit) return;
    setBusy(true);
    try {
      const next = await request<VisitView>({ method: 'POST', url, body: { kind: visit.kind, registryId: visit.registryId, ...body } });
      setVisit(next);
      for (const a of next.alarms ?? []) void message.warning(a.message, 6);
      loadQueue();
    } catch {
      // the request layer shows the server's reason
    } finally {
      setBusy(false);
    }
  };

  /** Each print is counted by the server (the first the original, then reprints). */
  const printTicket = async () => {
    if (!visit?.weigh) return;
    setTicket(await request<TicketData>({ method: 'POST', url: '/print/weigh', body: { kind: visit.kind, id: visit.weigh.id } }).catch(() => null));
  };
  /** printByServer: the same ticket as a PDF from the server (counted as a print too). */
  const downloadPdf = async () => {
    if (!visit?.weigh) return;
    const file = await download({ method: 'POST', url: '/print/weigh/printByServer', body: { kind: visit.kind, id: visit.weigh.id, width: ticketWidth } }).catch(() => null);
    if (file) saveFile(file.blob, file.fileName);
  };
  const weighing = visit?.nextWeighing ?? null;
  const step = visit?.next ? STEP_CALLS[visit.next] : undefined;
  const badges = useMemo(() => {
    if (!live || live.stale) return [<Tag key="none" color="red">无数据</Tag>];
    return [
      live.stable ? <Tag key="s" color="green">稳定</Tag> : <Tag key="m" color="orange">动态</Tag>,
      live.overload ? <Tag key="o" color="red">超载</Tag> : null,
      live.zero ? <Tag key="z" color="blue">零位</Tag> : null,
    ];
  }, [live]);

  return (
    <div className="wb-weigh-page" style={{ padding: 16 }}>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title="称重设备" extra={
            <Select style={{ width: 220 }} value={scaleId ?? undefined} onChange={setScaleId} aria-label="称重设备"
              options={scales.map((s) => ({ value: s.id, label: `${s.scaleName}（${s.station}）` }))} />
          }>
            {scale?.certWarning ? <Alert type="warning" showIcon message={scale.certWarning} style={{ marginBottom: 12 }} /> : null}
            <div className="wb-weigh-indicator" data-testid="weigh-indicator"
              style={{ fontFamily: 'monospace', fontSize: 64, textAlign: 'right', background: '#0b1f0b', color: live?.stable ? '#5cff5c' : '#ffd24d', padding: '8px 16px', borderRadius: 6 }}>
              {live && !live.stale && live.weight !== null ? live.weight.toFixed(live.decimals) : '—'}
              <span style={{ fontSize: 24, marginLeft: 8 }}>kg</span>
            </div>
            <Space style={{ marginTop: 8 }} data-testid="weigh-badges">{badges}</Space>
            {live?.alarm ? <Alert type="error" showIcon message={live.alarm} style={{ marginTop: 8 }} data-testid="weigh-alarm" /> : null}
            {scale ? <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              分度值 {scale.division} kg，最小称量 {scale.minCapacity} kg，最大称量 {scale.maxCapacity} kg，稳定范围 ±{scale.stableBand} kg / {scale.stableWindow} 秒
            </Typography.Paragraph> : null}
          </Card>
          <Card title="排队叫号" style={{ marginTop: 16 }} extra={
            <Space size={12}>
              <AutoCallSwitch kind={kind} canToggle={canWeigh} onChanged={loadQueue} />
              <Button size="small" onClick={loadQueue}>刷新</Button>
            </Space>
          }>
            <Table<VisitView> size="small" rowKey="registryId" pagination={false} dataSource={queue}
              locale={{ emptyText: <Empty description="无排队车辆" /> }}
              onRow={(row) => ({ onClick: () => setVisit(row), style: { cursor: 'pointer' } })}
              columns={[
                { title: '排队号', dataIndex: 'queueNo', width: 70 },
                { title: '车牌号', dataIndex: 'plateNumber' },
                { title: '物料', dataIndex: 'materialName' },
                { title: '环节', dataIndex: 'pointLabel' },
              ]} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="车辆识别">
            <Space wrap>
              <Radio.Group value={kind} onChange={(e) => { setKind(e.target.value); setVisit(null); }}
                options={[{ value: 'PU', label: '采购' }, { value: 'SA', label: '销售' }]} optionType="button" />
              <Input placeholder="车牌号" aria-label="车牌号" value={plate} style={{ width: 140 }} maxLength={9}
                onChange={(e) => setPlate(e.target.value.toUpperCase())} onPressEnter={() => void find()} />
              <Input placeholder="IC卡号" aria-label="IC卡号" value={card} style={{ width: 160 }} maxLength={32}
                onChange={(e) => setCard(e.target.value)} onPressEnter={() => void find()} />
              <Button type="primary" onClick={() => void find()} disabled={!plate.trim() && !card.trim()}>查找</Button>
            </Space>
          </Card>
          <Card title="登记与磅单" style={{ marginTop: 16 }} data-testid="weigh-visit">
            {visit ? (
              <>
                <Descriptions size="small" column={2} bordered items={[
                  { key: 'plate', label: '车牌号', children: visit.plateNumber },
                  { key: 'reg', label: '登记单号', children: visit.registryCode },
                  { key: 'notice', label: '通知单号', children: visit.noticeCode },
                  { key: 'partner', label: visit.kind === 'PU' ? '供应商' : '客户', children: visit.partner },
                  { key: 'material', label: '物料', children: visit.materialName },
                  { key: 'driver', label: '司机', children: visit.driverName },
                  { key: 'point', label: '当前环节', children: visit.point ? POINT_LABELS[visit.point] : '已登记' },
                  { key: 'next', label: '下一环节', children: visit.nextLabel ?? '已完成' },
                  { key: 'bill', label: '磅单号', children: visit.weigh?.billCode },
                  { key: 'manual', label: '手工录入', children: visit.weigh?.manualEntry ? <Tag color="red">手工录入</Tag> : '否' },
                  { key: 'gross', label: '毛重(吨)', children: visit.weigh?.gross },
                  { key: 'tare', label: '皮重(吨)', children: visit.weigh?.tare },
                  { key: 'net', label: '净重(吨)', children: visit.weigh?.net },
                  { key: 'deduct', label: '扣重(吨)', children: visit.weigh?.deduct },
                  { key: 'rate', label: '扣率(%)', children: visit.weigh?.deductRate },
                  { key: 'settle', label: '结算重量(吨)', children: visit.weigh?.settleWeight },
                ]} />
                <Space style={{ marginTop: 12 }} wrap>
                  {visit.next === 'SCENE_CONFIRM' ? (
                    <Space size={4} data-testid="site-deduction">
                      <InputNumber aria-label="现场扣重(吨)" placeholder="扣重(吨)" min={0} max={1000} precision={3} step={0.1} style={{ width: 120 }}
                        value={siteDeduct} onChange={(v) => setSiteDeduct(v)} disabled={!canWeigh || busy} />
                      <InputNumber aria-label="现场扣率(%)" placeholder="扣率(%)" min={0} max={100} precision={2} step={0.5} style={{ width: 110 }}
                        value={siteRate} onChange={(v) => setSiteRate(v)} disabled={!canWeigh || busy} />
                    </Space>
                  ) : null}
                  {step ? <Button disabled={!canWeigh || busy} onClick={() => void act(step.url, {
                    ...step.extra,
                    ...(visit.next === 'SCENE_CONFIRM' && siteDeduct !== null ? { deduct: siteDeduct } : {}),
                    ...(visit.next === 'SCENE_CONFIRM' && siteRate !== null ? { deductRate: siteRate } : {}),
                  })}>{step.label}</Button> : null}
                  <Button type="primary" disabled={!canWeigh || busy || weighing !== 'GROSS' || !!problem}
                    onClick={() => void act('/flow/inf/weigh', { scaleId, type: 'GROSS' })}>采集毛重</Button>
                  <Button type="primary" disabled={!canWeigh || busy || weighing !== 'TARE' || !!problem}
                    onClick={() => void act('/flow/inf/weigh', { scaleId, type: 'TARE' })}>采集皮重</Button>
                  <Button disabled={visit.next !== 'SCENE_CONFIRM' || !visit.weigh || !weighMenu} onClick={() => setConfirming(true)}>现场确认表</Button>
                  <Button disabled={visit.weigh?.weighStatus !== 'DONE'} onClick={() => void printTicket()}>打印磅单</Button>
                  <Button disabled={visit.weigh?.weighStatus !== 'DONE'} onClick={() => void downloadPdf()}>磅单PDF</Button>
                </Space>
                {weighing && problem ? <Alert style={{ marginTop: 8 }} type="info" showIcon message={`暂不能采集：${problem}`} data-testid="weigh-refusal" /> : null}
              </>
            ) : <Empty description="请按车牌号、IC卡号查找，或从排队列表选择车辆" />}
          </Card>
        </Col>
      </Row>
      {/* the weigh record in weigh mode: its inputs read-only, the on-site confirmation table handled, 称重保存 / 取消称重 */}
      <Modal open={confirming && !!visit?.weigh && !!weighMenu} title="现场确认" width="80%" footer={null} destroyOnHidden onCancel={() => setConfirming(false)}>
        {confirming && visit?.weigh && weighMenu ? (
          <TemplateEditPage
            menuId={weighMenu.id} request={{ mode: 'weigh', rowId: Number(visit.weigh.id) }} weighStatus={visit.kind}
            onDone={(saved) => { setConfirming(false); if (saved) void refreshVisit(); }}
          />
        ) : null}
      </Modal>
      <Modal open={!!ticket} title="磅单" width={640} onCancel={() => setTicket(null)} destroyOnHidden
        footer={<Space>
          <Radio.Group value={ticketWidth} onChange={(e) => setTicketWidth(e.target.value)} optionType="button"
            options={[{ value: 'A5', label: 'A5' }, { value: '80mm', label: '80 mm 热敏' }]} />
          <Button type="primary" onClick={() => window.print()}>打印</Button>
        </Space>}>
        {ticket ? <WeighTicket ticket={ticket} width={ticketWidth} /> : null}
      </Modal>
    </div>
  );
}
