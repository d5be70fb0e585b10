import { App as AntApp, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { passwordProblem } from '../../../schema/password-rule';
import { useT } from '../../i18n/i18n';
import { ApiError } from '../../request/api-error';
import { request } from '../../request/request';

interface ResetForm { password: string; confirm: string; mustChange: boolean }
export interface ResetTarget { id: number; username?: unknown; realName?: unknown }

/**
 * 重置密码 of a user (spec 000 §7.2 `sys-user/{id}/password/reset`): the administrator types the
 * new password (the change-password rule, checked here and again by the server) and, by default,
 * the user must change it at the next sign-in. A confirmation comes first, since every session of
 * the user ends.
 */
export function ResetPasswordDialog({ user, onClose }: { user: ResetTarget | null; onClose(): void }) {
  const t = useT();
  const { message, modal } = AntApp.useApp();
  const [form] = Form.useForm<ResetForm>();
  const [saving, setSaving] = useState(false);
  const name = `${String(user?.realName ?? '')}（${String(user?.username ?? '')}）`;

  const send = async (values: ResetForm) => {
    if (!user) return;
    setSaving(true);
    try {
      await request({ method: 'PUT', url: `/sys-user/${user.id}/password/reset`, body: { password: values.password, mustChange: values.mustChange }, quiet: true });
      message.success(t('admin.user.resetDone'));
      onClose();
    } catch (e) {
      // the server names the field it refuses: show its words there, anything else as a message
      const field = e instanceof ApiError ? (e.data as { field?: string } | null)?.field : undefined;
      if (field === 'password') form.setFields([{ name: 'password', errors: [(e as ApiError).message] }]);
      else message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: t('common.tip'), type: 'warning', okText: t('common.ok'), cancelText: t('common.cancel'),
      content: t('admin.user.resetConfirm').replace('{name}', name),
      onOk: () => send(values),
    });
  };

  return (
    <Modal
      open={!!user} title={`${t('admin.user.resetTitle')} — ${name}`} destroyOnHidden onCancel={onClose}
      okText={t('admin.submit')} cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => void submit()}
    >
      <Form<ResetForm> form={form} layout="vertical" autoComplete="off" initialValues={{ mustChange: true }} className="wb-reset-password">
        <Form.Item
          name="password" label={t('admin.user.newPassword')} extra={t('editpwd.rule')}
          rules={[{ required: true, message: t('admin.user.passwordRequired') }, {
            validator: (_, value: string | undefined) => {
              const problem = value ? passwordProblem(value) : null;
              return problem ? Promise.reject(new Error(t(`admin.pwd.${problem}`))) : Promise.resolve();
            },
          }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm" label={t('editpwd.confirm')} dependencies={['password']}
          rules={[{ required: true, message: t('admin.user.passwordRequired') }, ({ getFieldValue }) => ({
            validator: (_, value) => (!value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('editpwd.mismatch')))),
          })]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="mustChange" valuePropName="checked">
          <Checkbox>{t('admin.user.mustChange')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
