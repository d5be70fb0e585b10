import { App as AntApp, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../page-title';
import { ApiError } from '../request/api-error';
import { modifyPassword } from '../session/auth-api';
import { clearSession, session } from '../session/session-store';

interface PasswordForm { oldPassword: string; newPassword: string; confirm: string }

/** /editpwd?id=…: change the signed-in user's password; every session ends, so sign in again. */
export function EditPasswordPage() {
  const t = useT();
  usePageTitle(t('editpwd.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const [error, setError] = useState<string | null>(null);
  const id = Number(params.get('id') ?? session.userInfo?.user);

  const submit = async (values: PasswordForm) => {
    setError(null);
    try {
      await modifyPassword(id, values.oldPassword, values.newPassword);
      message.success(t('editpwd.done'));
      clearSession();
      navigate('/login', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  return (
    <div className="wb-page-center">
      <Card title={t('editpwd.title')} className="wb-editpwd">
        <Form layout="vertical" onFinish={submit} autoComplete="off">
          <Form.Item name="oldPassword" label={t('editpwd.old')} rules={[{ required: true }]}>
            <Input.Password />
          </Form.Item>
          <Form.Item name="newPassword" label={t('editpwd.new')} extra={t('editpwd.rule')} rules={[{ required: true }, { min: 8 }]}>
            <Input.Password />
          </Form.Item>
          <Form.Item
            name="confirm" label={t('editpwd.confirm')} dependencies={['newPassword']}
            rules={[{ required: true }, ({ getFieldValue }) => ({
              validator: (_, value) => (!value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('editpwd.mismatch')))),
            })]}
          >
            <Input.Password />
          </Form.Item>
          {error && <div className="wb-login-error" role="alert">{error}</div>}
          <Button type="primary" htmlType="submit" block>{t('editpwd.submit')}</Button>
        </Form>
      </Card>
    </div>
  );
}
