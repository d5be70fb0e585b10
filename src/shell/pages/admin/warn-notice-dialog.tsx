import { App as AntApp, Button, Modal, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { AddressTransfer } from '../../../runtime';
import { normaliseAddressValue, type AddressValue, type TransferNode } from '../../../schema/transfer';
import { useT } from '../../i18n/i18n';
import { request } from '../../request/request';

/** One warning kind as `/sys-warn-notice/list` answers it. */
export interface WarnNoticeRow extends AddressValue {
  warnType: string; title: string; description: string; params?: Record<string, number>; version: number; updatedAt: string | null; updatedByName: string | null;
}

/**
 * 设置通知人 of one warning kind: the address-list transfer (spec 001 §2 screen 10) over the group's
 * users that have an e-mail, by company, into 收件人, 抄送人 and 密送人; 保存 stores the three lists.
 */
export function WarnNoticeDialog({ row, title, onClose, onSaved }: { row: WarnNoticeRow | null; title: string; onClose(): void; onSaved(): void }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [book, setBook] = useState<TransferNode[] | null>(null);
  const [value, setValue] = useState<AddressValue>(normaliseAddressValue(null));
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!row) return;
    let live = true;
    setValue(normaliseAddressValue(row));
    request<TransferNode[]>({ url: '/sys-warn-notice/address-book' })
      .then((tree) => { if (live) setBook(tree); })
      .catch(() => { if (live) onClose(); });
    return () => { live = false; setBook(null); };
  }, [row, onClose]);

  const save = async () => {
    if (!row) return;
    setSaving(true);
    try {
      await request({ method: 'PUT', url: `/sys-warn-notice/${encodeURIComponent(row.warnType)}`, body: { ...value, version: row.version } });
      message.success(t('admin.saved'));
      onSaved();
    } catch {
      // the request layer has shown why (not an address of the group, changed by someone else, …)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!row} title={`${t('admin.warn.setTitle')} — ${title}`} width={820} onCancel={onClose} destroyOnHidden
      footer={<Space><Button onClick={onClose}>{t('common.cancel')}</Button><Button type="primary" loading={saving} disabled={!book} onClick={() => void save()}>{t('admin.save')}</Button></Space>}
    >
      {!book ? <Skeleton active /> : <AddressTransfer dataSource={book} value={value} onChange={setValue} title={t('admin.warn.addressBook')} />}
    </Modal>
  );
}
