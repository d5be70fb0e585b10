import { Button, Modal, Table, Tag, Typography } from 'antd';
import { useTr } from '../../runtime';
import type { DiffEntry } from '../../schema/template-diff';
import { propertyText } from '../diff-text';
import type { DesignSession, SaveState } from './design-session';

const SAVE_TAGS: Record<SaveState, { text: string; color: string }> = {
  saved: { text: '已自动保存', color: 'green' },
  pending: { text: '待保存', color: 'default' },
  saving: { text: '保存中…', color: 'processing' },
  failed: { text: '保存失败', color: 'red' },
  conflict: { text: '草稿已被他人修改', color: 'orange' },
};

/** The autosave state of the draft, and why it is not saved (the server's reason, a problem, a network failure). */
export function SaveStateTag({ save, reason }: { save: SaveState; reason?: string | null }) {
  const tr = useTr();
  return (
    <>
      <Tag color={SAVE_TAGS[save].color} data-save-state={save} role="status">{tr(SAVE_TAGS[save].text)}</Tag>
      {save === 'failed' && reason && <Typography.Text type="danger" className="wb-ld-save-reason" role="alert">{reason}</Typography.Text>}
    </>
  );
}

const KIND: Record<DiffEntry['kind'], string> = { added: '新增', removed: '删除', moved: '移动', span: '宽度', property: '属性' };
const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * A stale save (409): another tab saved the draft first. 重新加载 opens their draft (our unsaved
 * edits are dropped); 覆盖 saves ours over theirs after showing what differs (theirs → ours).
 */
export function ConflictDialog({ session }: { session: DesignSession }) {
  const tr = useTr();
  const c = session.conflict;
  return (
    <Modal
      open={Boolean(c)} title={tr('模板已被他人修改')} closable={false} maskClosable={false} width={720}
      footer={[
        <Button key="reload" onClick={() => void session.reload()}>{tr('重新加载')}</Button>,
        <Button key="overwrite" type="primary" danger onClick={() => void session.overwrite()}>{tr('覆盖')}</Button>,
      ]}
    >
      <Typography.Paragraph>{tr('另一个窗口已保存了此草稿。重新加载将放弃本窗口未保存的修改；覆盖将用本窗口的草稿替换对方的修改。')}</Typography.Paragraph>
      <Typography.Text strong>{tr('对方草稿 → 本窗口草稿的差异')}</Typography.Text>
      <Table<DiffEntry & { n: number }>
        size="small" bordered rowKey="n" pagination={false} scroll={{ y: 300 }} dataSource={(c?.diff ?? []).map((e, n) => ({ ...e, n }))}
        locale={{ emptyText: tr('两者相同') }}
        columns={[
          { key: 'kind', title: tr('变化'), width: 70, render: (_v, e) => <Tag>{tr(KIND[e.kind])}</Tag> },
          { key: 'label', title: tr('项'), width: 160, render: (_v, e) => e.label },
          { key: 'detail', title: tr('内容'), render: (_v, e) => (e.kind === 'property' ? `${propertyText(e, tr)}: ${shown(e.before)} → ${shown(e.after)}` : e.kind === 'moved' ? `${shown(e.from)} → ${shown(e.to)}` : '') },
        ]}
      />
    </Modal>
  );
}
