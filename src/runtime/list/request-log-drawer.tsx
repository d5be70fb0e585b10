import { Button, Collapse, Descriptions, Drawer, Empty, Modal, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useRuntime, useTr } from '../runtime-context';

interface LogEntry { id: number; action: string; detail: string; staticFlg: string; createdAt: string; username: string | null }
interface LogData { path: string; executeTime: number | null; clientInfo: string | null; requestHeads: string; requestParams: string; resultInfo: string; exceptionInfo: string }

/**
 * The request-log drawer of a document (spec 001 §2 screen 8): numbered entries with an
 * expand/collapse toggle, each entry's text loaded on its first expand, and the 日志详情 dialog.
 * A failed fetch closes the drawer with an empty list.
 */
export function RequestLogDrawer({ bizKey, open, onClose }: { bizKey: string; open: boolean; onClose(): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const [entries, setEntries] = useState<LogEntry[] | null>(null);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [detailId, setDetailId] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setEntries(null);
    setTexts({});
    request<LogEntry[]>({ url: '/sys-log/getSysLog', query: { bizKey }, quiet: true })
      .then((rows) => { if (live) setEntries(rows); })
      .catch(() => { if (live) { setEntries([]); onClose(); } });
    return () => { live = false; };
  }, [open, bizKey, request, onClose]);

  const expand = (keys: string[] | string) => {
    for (const key of Array.isArray(keys) ? keys : [keys]) {
      const id = Number(key);
      if (texts[id] !== undefined) continue;
      setTexts((t) => ({ ...t, [id]: '' }));
      request<string>({ url: `/sys-log/getSysLogDesc/${id}`, quiet: true })
        .then((text) => setTexts((t) => ({ ...t, [id]: text })))
        .catch(() => setTexts((t) => ({ ...t, [id]: tr('加载失败') })));
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={tr('操作日志')} width={520} destroyOnHidden>
      {entries === null ? <Skeleton active /> : entries.length === 0 ? <Empty description={tr('暂无日志')} /> : (
        <Collapse
          size="small" onChange={expand}
          items={entries.map((e, i) => ({
            key: String(e.id),
            label: (
              <span className="wb-log-entry-title">
                <Tag color={e.staticFlg === '1' ? 'red' : 'blue'}>{i + 1}</Tag>
                <b>{e.action}</b>
                <span>{e.username ?? ''}</span>
                <span style={{ color: '#8c8c8c' }}>{dayjs(e.createdAt).format('YYYY-MM-DD HH:mm:ss')}</span>
              </span>
            ),
            extra: <Button size="small" type="link" onClick={(ev) => { ev.stopPropagation(); setDetailId(e.id); }}>{tr('详情')}</Button>,
            children: texts[e.id] ? <p style={{ margin: 0 }}>{texts[e.id]}</p> : <Skeleton active paragraph={{ rows: 1 }} title={false} />,
          }))}
        />
      )}
      <LogDetailDialog id={detailId} onClose={() => setDetailId(null)} />
    </Drawer>
  );
}

/**
 * 日志详情 (spec 001 §2 screen 8): one operation-log entry's request path, response time, device,
 * request headers, input, output and exception. A failed load closes it.
 */
export function LogDetailDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const [data, setData] = useState<LogData | null>(null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    setData(null);
    request<LogData>({ url: `/sys-log/getSysLogData/${id}`, quiet: true })
      .then((d) => { if (live) setData(d); })
      .catch(() => { if (live) onClose(); });
    return () => { live = false; };
  }, [id, request, onClose]);
  return (
    <Modal open={id !== null} title={tr('日志详情')} footer={null} width={720} onCancel={onClose} destroyOnHidden>
      {!data ? <Skeleton active /> : (
        <Descriptions bordered size="small" column={1} labelStyle={{ width: 110 }}>
          <Descriptions.Item label={tr('请求路径')}>{data.path}</Descriptions.Item>
          <Descriptions.Item label={tr('响应时间')}>{data.executeTime ?? 0} ms</Descriptions.Item>
          <Descriptions.Item label={tr('设备名称')}>{data.clientInfo ?? ''}</Descriptions.Item>
          <Descriptions.Item label={tr('请求头')}><code className="wb-log-code">{data.requestHeads}</code></Descriptions.Item>
          <Descriptions.Item label={tr('入参')}><code className="wb-log-code">{data.requestParams}</code></Descriptions.Item>
          <Descriptions.Item label={tr('出参')}><code className="wb-log-code">{data.resultInfo}</code></Descriptions.Item>
          <Descriptions.Item label={tr('异常信息')}><code className="wb-log-code">{data.exceptionInfo}</code></Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
