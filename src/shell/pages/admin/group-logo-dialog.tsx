import { UploadOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Card, Modal, Space, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import defaultLogoMain from '../../assets/logo-main.svg';
import defaultLogoSub from '../../assets/logo-sub.svg';
import { useT } from '../../i18n/i18n';
import { logosChanged } from '../../layout/logo-store';
import { request } from '../../request/request';
import './group-logo-dialog.css';

/** The logo rules (spec 001 §5): JPG or PNG under 2 MB; the server checks them again. */
export const LOGO_RULES = { accept: '.jpg,.jpeg,.png', types: ['image/jpeg', 'image/png'], maxBytes: 2 * 1024 * 1024 } as const;

/** What is wrong with a chosen logo file, as the spec words it, or null. */
export function logoFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(LOGO_RULES.types as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LOGO_RULES.maxBytes) return 'size';
  return null;
}

type Slot = { field: 'logoMainFileId' | 'logoSubFileId'; key: '1' | '0'; label: 'admin.group.logoMain' | 'admin.group.logoSub'; fallback: string };
const SLOTS: Slot[] = [
  { field: 'logoMainFileId', key: '1', label: 'admin.group.logoMain', fallback: defaultLogoMain },
  { field: 'logoSubFileId', key: '0', label: 'admin.group.logoSub', fallback: defaultLogoSub },
];

/**
 * 设置标志 of a group: its main logo ({pkGroup}_1) and sub logo ({pkGroup}_0) as the top bar shows
 * them; a picture is uploaded (/sys-file-type/upload), then made the logo (/sys-group/pic), and the
 * top bar reads the logos again.
 */
export function GroupLogoDialog({ group, onClose }: { group: { id: number; groupName?: unknown } | null; onClose(): void }) {
  const t = useT();
  const { message, modal } = AntApp.useApp();
  const [logos, setLogos] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(async (id: number) => {
    setLogos(await request<Record<string, string | null>>({ url: `/sys-group/getPic/${id}`, quiet: true }).catch(() => ({})));
  }, []);
  useEffect(() => { if (group) void load(group.id); else setLogos({}); }, [group, load]);

  const save = async (slot: Slot, fileId: number | null) => {
    if (!group) return;
    await request({ method: 'PUT', url: '/sys-group/pic', body: { id: group.id, [slot.field]: fileId } });
    message.success(t('admin.group.logoDone'));
    logosChanged();
    await load(group.id);
  };
  const upload = async (slot: Slot, file: File) => {
    const problem = logoFileProblem(file);
    if (problem) return void message.error(problem === 'type' ? t('admin.image.type') : t('admin.image.size'));
    setBusy(slot.key);
    try {
      const body = new FormData();
      body.append('file', file);
      const stored = await request<{ id: number }>({ method: 'POST', url: '/sys-file-type/upload', body });
      await save(slot, stored.id);
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(null);
    }
  };
  const reset = (slot: Slot) => modal.confirm({
    title: t('common.tip'), type: 'warning', okText: t('common.ok'), cancelText: t('common.cancel'), content: t('admin.group.logoResetConfirm'),
    onOk: () => save(slot, null).catch(() => undefined),
  });

  return (
    <Modal open={!!group} title={`${t('admin.group.logoTitle')} — ${String(group?.groupName ?? '')}`} width={640} footer={null} destroyOnHidden onCancel={onClose}>
      <Space className="wb-group-logos" align="start" size="large">
        {SLOTS.map((slot) => {
          const src = group ? logos[`${group.id}_${slot.key}`] : null;
          return (
            <Card key={slot.key} size="small" title={t(slot.label)} className="wb-group-logo">
              <div className="wb-group-logo-picture">
                {src ? <img src={src} alt={t(slot.label)} /> : (
                  <><img src={slot.fallback} alt={t('admin.group.logoDefault')} className="wb-group-logo-default" /><span>{t('admin.group.logoDefault')}</span></>
                )}
              </div>
              <Space>
                <Upload accept={LOGO_RULES.accept} showUploadList={false} beforeUpload={(file) => { void upload(slot, file); return false; }}>
                  <Button icon={<UploadOutlined />} loading={busy === slot.key}>{t('admin.group.upload')}</Button>
                </Upload>
                {src && <Button onClick={() => reset(slot)}>{t('admin.group.logoReset')}</Button>}
              </Space>
              <div className="wb-group-logo-hint">{t('admin.group.logoHint')}</div>
            </Card>
          );
        })}
      </Space>
    </Modal>
  );
}
