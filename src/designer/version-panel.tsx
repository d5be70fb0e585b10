import dayjs from 'dayjs';
import { App, Button, Drawer, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime, useTr } from '../runtime';
import type { DiffEntry } from '../schema/template-diff';
import { placeText, propertyText, widthText } from './diff-text';
import { fetchDiff, fetchDraft, fetchVersions, rollbackVersion, statusOf, type FormatVersion } from './format-api';
import { PreviewDialog } from './preview/preview-dialog';

type Side = number | 'draft';

const KIND_LABELS: Record<DiffEntry['kind'], { text: string; color: string }> = {
  added: { text: '已新增', color: 'green' }, removed: { text: '已删除', color: 'red' }, moved: { text: '已移动', color: 'blue' },
  span: { text: '宽度变化', color: 'purple' }, property: { text: '属性变化', color: 'orange' },
};

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The before and after cells of a diff entry, side by side. */
function sides(e: DiffEntry, tr: ReturnType<typeof useTr>): [string, string] {
  switch (e.kind) {
    case 'added': return ['—', e.label];
    case 'removed': return [e.label, '—'];
    case 'moved': return [placeText(e.from, tr), placeText(e.to, tr)];
    case 'span': return [widthText(e.from, e.units?.from, tr), widthText(e.to, e.units?.to, tr)];
    case 'property': return [`${propertyText(e, tr)}: ${shown(e.before)}`, `${propertyText(e, tr)}: ${shown(e.after)}`];
  }
}

/**
 * 版本 of a template (模板设计): its published versions (number, hash, author, time, note), the
 * field-level diff of any two of them or a version and the draft, side by side, and 回滚 (with
 * custom_format_publish, after a confirmation): the old version is published again as the next
 * number; nothing is deleted.
 */
export function VersionPanel({ formatId, formatName, open, onClose, onChanged }: { formatId: number; formatName: string; open: boolean; onClose: () => void; onChanged?: () => void }) {
  const { request, hasPermission } = useRuntime();
  const { message } = App.useApp();
  const tr = useTr();
  const [versions, setVersions] = useState<FormatVersion[]>([]);
  const [from, setFrom] = useState<Side | null>(null);
  const [to, setTo] = useState<Side>('draft');
  const [entries, setEntries] = useState<DiffEntry[] | null>(null);
  const [loading, setLoading] = useState(false);
  const mayRollback = hasPermission('custom_format_publish');
  const [previewing, setPreviewing] = useState(false);
  /** Whether the draft differs from the published version (as the list's 草稿有修改 says). */
  const [changed, setChanged] = useState(false);
  /** The draft as read when a 回滚 confirmation opened: what it says, and the revision the 回滚 replaces. */
  const [confirming, setConfirming] = useState<{ version: number; changed: boolean } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { list, changed: differs } = await fetchVersions(request, formatId);
      setVersions(list);
      setChanged(differs);
      setFrom((f) => f ?? list.at(-1)?.versionNo ?? null);
    } catch {
      // the host has shown why
    } finally {
      setLoading(false);
    }
  }, [formatId, request]);
  useEffect(() => { if (open) void load(); }, [open, load]);

  const compare = async () => {
    if (from === null) return;
    try {
      setEntries((await fetchDiff(request, formatId, from, to)).entries);
    } catch {
      // the host has shown why
    }
  };

  /**
   * Reads the draft again when a confirmation opens: it may have been edited (autosaved by the
   * designer) since the list was read. The 回滚 then replaces that revision: an edit saved after the
   * confirmation was shown makes it stale (409), so no change is replaced without having been named.
   */
  const checkDraft = async (opened: boolean) => {
    setConfirming(null);
    if (!opened) return;
    try {
      const { version, changed: differs } = await fetchDraft(request, formatId);
      setConfirming({ version, changed: differs });
    } catch {
      // the host has shown why; the confirmation says what the list said
    }
  };

  const rollback = async (n: number) => {
    try {
      const version = confirming?.version ?? (await fetchDraft(request, formatId)).version;
      const done = await rollbackVersion(request, formatId, n, version);
      message.success(tr('已回滚：版本 {n} 发布为版本 {m}', { n, m: done.versionNo }));
      setEntries(null);
      await load();
      onChanged?.();
    } catch (error) {
      if (statusOf(error) === 409) message.error(tr('模板已被他人修改，请载入最新草稿后重试'));
    }
  };

  const sideOptions = [...versions.map((v) => ({ value: v.versionNo as Side, label: tr('版本 {n}', { n: v.versionNo }) })), { value: 'draft' as Side, label: tr('草稿') }];
  const latest = versions.at(-1)?.versionNo;

  return (
    <Drawer
      open={open} onClose={onClose} width={960} title={tr('版本：{name}', { name: formatName })} destroyOnHidden
      extra={mayRollback ? <Button onClick={() => setPreviewing(true)}>{tr('预览草稿')}</Button> : null}
    >
      {previewing && <PreviewDialog formatId={formatId} formatName={formatName} open onClose={() => setPreviewing(false)} />}
      <Table<FormatVersion>
        size="small" bordered rowKey="versionNo" loading={loading} dataSource={versions} pagination={false}
        columns={[
          { key: 'versionNo', title: tr('版本'), dataIndex: 'versionNo', width: 70, render: (n: number) => (n === latest ? <Space size={4}>{n}<Tag color="green">{tr('当前')}</Tag></Space> : n) },
          { key: 'contentHash', title: tr('内容哈希'), dataIndex: 'contentHash', width: 100, render: (h: string) => <Typography.Text code title={h}>{h.slice(0, 8)}</Typography.Text> },
          { key: 'author', title: tr('发布人'), dataIndex: 'author', width: 90 },
          { key: 'createdAt', title: tr('发布时间'), dataIndex: 'createdAt', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { key: 'note', title: tr('说明'), dataIndex: 'note', ellipsis: true, render: (v: string | null, row) => (row.rollbackOf ? `${v ?? ''}（${tr('回滚自版本 {n}', { n: row.rollbackOf })}）` : v ?? '') },
          {
            key: 'action', title: tr('操作'), width: 90,
            render: (_v, row) => (mayRollback && row.versionNo !== latest ? (
              <Popconfirm
                title={tr('回滚到版本 {n}？它将作为新版本发布，已有版本都保留。', { n: row.versionNo })}
                description={(confirming?.changed ?? changed)
                  ? tr('草稿中尚未发布的修改将被版本 {n} 替换；回滚后可在设计器中用「撤销」找回。', { n: row.versionNo }) : undefined}
                okText={tr('确定')} cancelText={tr('取消')} onOpenChange={(o) => void checkDraft(o)} onConfirm={() => rollback(row.versionNo)}
              >
                <Button type="link" size="small">{tr('回滚')}</Button>
              </Popconfirm>
            ) : null),
          },
        ]}
      />
      <Space style={{ margin: '16px 0 8px' }} wrap>
        <span>{tr('比较')}</span>
        <Select<Side> aria-label={tr('比较的旧版本')} value={from ?? undefined} onChange={setFrom} options={sideOptions} style={{ width: 120 }} />
        <span>→</span>
        <Select<Side> aria-label={tr('比较的新版本')} value={to} onChange={setTo} options={sideOptions} style={{ width: 120 }} />
        <Button type="primary" disabled={from === null} onClick={compare}>{tr('比较')}</Button>
      </Space>
      {entries && (entries.length === 0
        ? <Typography.Paragraph type="secondary">{tr('两者相同')}</Typography.Paragraph>
        : (
          <Table<DiffEntry & { n: number }>
            size="small" bordered rowKey="n" pagination={false} dataSource={entries.map((e, n) => ({ ...e, n }))}
            columns={[
              { key: 'kind', title: tr('变化'), width: 80, render: (_v, e) => <Tag color={KIND_LABELS[e.kind].color}>{tr(KIND_LABELS[e.kind].text)}</Tag> },
              { key: 'label', title: tr('字段'), width: 200, render: (_v, e) => `${e.label}${e.key ? ` (${e.key})` : ''}` },
              { key: 'before', title: tr('之前'), render: (_v, e) => sides(e, tr)[0] },
              { key: 'after', title: tr('之后'), render: (_v, e) => sides(e, tr)[1] },
            ]}
          />
        ))}
    </Drawer>
  );
}
