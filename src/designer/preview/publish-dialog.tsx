import { Alert, Button, Checkbox, Input, List, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime, useTr } from '../../runtime';
import { FORMAT_SUB_PATH, statusOf } from '../format-api';
import { fetchImpact, publishWithNote, type Impact, type ImpactReference } from './preview-api';

const KIND_LABELS: Record<ImpactReference['kind'], string> = {
  calculation: '计算方式', sum: '合计', picker: '弹窗结果映射', param: '参数联动', 'view-field': '弹窗取值/显示字段', column: '数据源已无此列',
};
const refKey = (r: ImpactReference) => `${r.kind}|${r.formatId}|${r.path}|${r.fieldName}`;

export type PublishResult = Awaited<ReturnType<typeof publishWithNote>>;

/**
 * 发布 with its impact analysis: before anything is published the server's `impact/{id}` is read;
 * every breaking reference (a calculation, sum, picker mapping, parameter link or view field that
 * names a field the draft removes, or a draft field whose column is gone) is listed with a link to
 * the template it is in, and must be confirmed one by one before 发布 is enabled. The note
 * (发布说明) is stored with the version.
 */
export function PublishDialog({ formatId, formatName, version, open, onClose, onPublished, onStale }: {
  formatId: number; formatName: string; version: number; open: boolean; onClose(): void;
  onPublished(result: PublishResult): void;
  /** The draft changed meanwhile (409). */
  onStale?(): void;
}) {
  const { request, openPage } = useRuntime();
  const tr = useTr();
  const [impact, setImpact] = useState<Impact | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirmed, setConfirmed] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setImpact(null);
    setFailed(false);
    setConfirmed(new Set());
    fetchImpact(request, formatId).then((i) => { if (live) setImpact(i); }).catch(() => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [open, request, formatId]);

  const refs = impact?.references ?? [];
  const pending = refs.filter((r) => !confirmed.has(refKey(r))).length;
  const toggle = (key: string, on: boolean) => setConfirmed((s) => {
    const next = new Set(s);
    if (on) next.add(key); else next.delete(key);
    return next;
  });

  const publish = async () => {
    setBusy(true);
    try {
      const result = await publishWithNote(request, formatId, version, note);
      onPublished(result);
    } catch (error) {
      if (statusOf(error) === 409) onStale?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open} onCancel={onClose} width={760} destroyOnHidden title={tr('发布：{name}', { name: formatName })}
      footer={(
        <Space>
          <Button onClick={onClose}>{tr('取消')}</Button>
          <Button type="primary" disabled={!impact || pending > 0} loading={busy} onClick={() => void publish()}>{tr('发布')}</Button>
        </Space>
      )}
    >
      {!impact && !failed && <Spin />}
      {failed && <Alert type="error" showIcon message={tr('影响分析失败，暂不能发布')} />}
      {impact && (
        <>
          {impact.removed.length > 0 && (
            <div style={{ marginBottom: 12 }}>
              <Typography.Text strong>{tr('草稿删除或改名的字段')}</Typography.Text>{' '}
              {impact.removed.map((r) => <Tag key={r.key} color="orange">{r.label ? `${r.label} (${r.key})` : r.key}</Tag>)}
            </div>
          )}
          {refs.length === 0 ? (
            <Alert type="success" showIcon message={tr('没有引用受影响：发布后使用此模板的页面将按当前草稿显示')} style={{ marginBottom: 12 }} />
          ) : (
            <>
              <Alert
                type="warning" showIcon style={{ marginBottom: 8 }}
                message={tr('发布会破坏 {n} 处引用，请逐条确认后再发布', { n: refs.length })}
                description={pending > 0 ? tr('还有 {n} 条未确认', { n: pending }) : tr('已全部确认')}
              />
              <List
                size="small" bordered className="wb-impact-list" dataSource={refs}
                renderItem={(r) => (
                  <List.Item key={refKey(r)}>
                    <Space direction="vertical" size={2} style={{ width: '100%' }}>
                      <Space wrap>
                        <Tag color="red">{tr(KIND_LABELS[r.kind])}</Tag>
                        <Typography.Link onClick={() => openPage?.(`${FORMAT_SUB_PATH}?id=${r.formatId}`)}>{r.formatName}（{r.formatCode}）</Typography.Link>
                        {r.menuTitle && <Typography.Text type="secondary">{tr('菜单：{menu}', { menu: r.menuTitle })}</Typography.Text>}
                      </Space>
                      <Typography.Text>{r.message}</Typography.Text>
                      <Typography.Text type="secondary" code>{r.path}</Typography.Text>
                      <Checkbox checked={confirmed.has(refKey(r))} onChange={(e) => toggle(refKey(r), e.target.checked)}>{tr('我已知晓此影响')}</Checkbox>
                    </Space>
                  </List.Item>
                )}
              />
            </>
          )}
          <div style={{ marginTop: 12 }}>
            <Typography.Text>{tr('发布说明')}</Typography.Text>
            <Input.TextArea aria-label={tr('发布说明')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} showCount rows={2} placeholder={tr('这次发布改了什么（可选）')} />
          </div>
        </>
      )}
    </Modal>
  );
}
