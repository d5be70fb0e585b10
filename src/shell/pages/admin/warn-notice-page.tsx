import { Alert, Button, Skeleton, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ADDRESS_TARGETS } from '../../../schema/transfer';
import { useT, type MessageKey } from '../../i18n/i18n';
import { request } from '../../request/request';
import { session } from '../../session/session-store';
import { WarnNoticeDialog, type WarnNoticeRow } from './warn-notice-dialog';

/** The warning kinds the catalogue can name in every language (others keep the server's words). */
const KINDS: Record<string, [MessageKey, MessageKey]> = {
  STAY: ['admin.warn.kind.STAY', 'admin.warn.kind.STAY.desc'],
  DEDUCT: ['admin.warn.kind.DEDUCT', 'admin.warn.kind.DEDUCT.desc'],
};
const TARGET_KEYS: Record<(typeof ADDRESS_TARGETS)[number]['key'], MessageKey> = { to: 'admin.warn.to', cc: 'admin.warn.cc', bcc: 'admin.warn.bcc' };

/**
 * 预警通知: each warning kind of the home page with who is told about it in the current company;
 * 设置通知人 chooses them from the group's users that have an e-mail. No mail is sent yet (there is
 * no mail server): the screen says so.
 */
export function WarnNoticePage() {
  const t = useT();
  const { permissions, userInfo } = useSnapshot(session);
  const canEdit = !!userInfo?.admin || !!permissions.sys_warn_notice_edit;
  const [data, setData] = useState<{ list: WarnNoticeRow[]; names: Record<string, string> } | null>(null);
  const [editing, setEditing] = useState<WarnNoticeRow | null>(null);
  const load = useCallback(async () => {
    setData(await request<{ list: WarnNoticeRow[]; names: Record<string, string> }>({ url: '/sys-warn-notice/list' }));
  }, []);
  useEffect(() => { void load().catch(() => undefined); }, [load]);
  const close = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => { setEditing(null); void load().catch(() => undefined); }, [load]);
  const kindTitle = (row: WarnNoticeRow) => (KINDS[row.warnType] ? t(KINDS[row.warnType][0]) : row.title);
  // the thresholds are the server's ({hours}, {percent}): the words are the catalogue's
  const describe = (row: WarnNoticeRow) => (KINDS[row.warnType]
    ? Object.entries(row.params ?? {}).reduce((text, [k, v]) => text.replaceAll(`{${k}}`, String(v)), t(KINDS[row.warnType][1]))
    : row.description);

  if (!data) return <Skeleton active />;
  return (
    <div className="wb-list-page wb-warn-notice">
      <Alert type="info" showIcon message={t('admin.warn.help')} style={{ marginBottom: 12 }} />
      <Table<WarnNoticeRow>
        size="small" bordered rowKey="warnType" dataSource={data.list} pagination={false}
        columns={[
          {
            key: 'title', title: t('admin.warn.kind'), width: 220,
            render: (_v, row) => (
              <div>
                <div>{kindTitle(row)}</div>
                <div className="wb-warn-desc" style={{ color: '#888', fontSize: 12 }}>{describe(row)}</div>
              </div>
            ),
          },
          ...ADDRESS_TARGETS.map((target) => ({
            key: target.key, title: t(TARGET_KEYS[target.key]),
            render: (_v: unknown, row: WarnNoticeRow) => (row[target.key].length === 0 ? <span style={{ color: '#bbb' }}>—</span> : row[target.key].map((address) => (
              <Tooltip key={address} title={address}><Tag className="wb-warn-person">{data.names[address] ?? address}</Tag></Tooltip>
            ))),
          })),
          {
            key: 'updatedAt', title: t('admin.warn.updated'), width: 170,
            render: (_v, row) => (row.updatedAt ? <span>{dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm:ss')}{row.updatedByName ? <><br />{row.updatedByName}</> : null}</span> : ''),
          },
          ...(canEdit ? [{
            key: 'action', title: t('admin.warn.action'), width: 120,
            render: (_v: unknown, row: WarnNoticeRow) => <Button size="small" type="link" onClick={() => setEditing(row)}>{t('admin.warn.setTitle')}</Button>,
          }] : []),
        ]}
      />
      <WarnNoticeDialog row={editing} title={editing ? kindTitle(editing) : ''} onClose={close} onSaved={saved} />
    </div>
  );
}
