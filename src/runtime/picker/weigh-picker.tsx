import { App as AntApp, Button, DatePicker, Modal, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import type { Row } from '../list/list-columns';
import { useRuntime, useTr } from '../runtime-context';

/** Where a settlement's 选择磅单 reads: its resource's `weighs` call, for the partner chosen in the form. */
export interface WeighPick { url: string; partnerLabel: string; partner(): string | null; settleId?: number | null }

const COLUMNS: [string, string][] = [['billCode', '磅单号'], ['plateNumber', '车牌号'], ['invName', '存货名称'], ['grossTime', '毛重时间'], ['net', '净重(吨)'], ['deductWeight', '扣重(吨)'], ['settleWeight', '结算重量(吨)']];

/**
 * 选择磅单: the audited, unsettled weigh records of the form's vendor (customer) weighed in a
 * period (this month by default); 确 定 hands back the checked ones as settlement lines.
 */
export function WeighPicker({ open, pick, onConfirm, onClose }: { open: boolean; pick: WeighPick; onConfirm(rows: Row[]): void; onClose(): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs().endOf('day')]);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const partner = open ? pick.partner() : null;

  const load = useCallback(async () => {
    if (!partner) return;
    setLoading(true);
    try {
      const list = await request<Row[]>({
        method: 'POST', url: pick.url, quiet: true,
        body: { partner, from: range[0].startOf('day').toISOString(), to: range[1].endOf('day').toISOString(), ...(pick.settleId ? { settleId: pick.settleId } : {}) },
      });
      setRows(list);
    } catch { setRows([]); } finally { setLoading(false); }
  }, [partner, pick.url, pick.settleId, range, request]);

  useEffect(() => {
    if (!open) return;
    if (!partner) { message.warning(tr('请先选择{partner}', { partner: pick.partnerLabel })); onClose(); return; }
    void load();
    return () => { setChosen([]); setRows([]); };
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- loads when opened; 查询 loads again

  return (
    <Modal
      open={open && !!partner} title={tr('选择磅单')} width={960} onCancel={onClose} destroyOnHidden className="wb-weigh-picker"
      footer={[
        <Button key="cancel" onClick={onClose}>{tr('取消')}</Button>,
        <Button key="ok" type="primary" onClick={() => {
          if (!chosen.length) return void message.warning(tr('最少要选择一条数据！'));
          onConfirm(rows.filter((r) => chosen.includes(Number(r.weighId))));
        }}>{tr('确定')}</Button>,
      ]}
    >
      <Space style={{ marginBottom: 8 }}>
        <span>{pick.partnerLabel}：{partner}</span>
        <DatePicker.RangePicker aria-label={tr('毛重时间')} value={range} allowClear={false} onChange={(v) => { if (v?.[0] && v[1]) setRange([v[0], v[1]]); }} />
        <Button type="primary" onClick={() => void load()}>{tr('查询')}</Button>
      </Space>
      <Table<Row>
        size="small" bordered loading={loading} rowKey={(r) => Number(r.weighId)} dataSource={rows} pagination={{ pageSize: 10 }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)) }}
        columns={COLUMNS.map(([key, title]) => ({
          key, dataIndex: key, title: tr(title),
          render: (v: unknown) => (key === 'grossTime' && v ? dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss') : String(v ?? '')),
        }))}
      />
    </Modal>
  );
}
