import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp, Avatar, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { closeAll } from '../layout/tabs-store';
import { rememberedUrl } from '../navigation';
import { usePageTitle } from '../page-title';
import { ApiError } from '../request/api-error';
import { clearLock } from '../session/idle-lock';
import { logout, session, unlock } from '../session/session-store';

/** /lock: the locked session; the user's password unlocks it, or they sign out. */
export function LockPage() {
  const t = useT();
  usePageTitle(t('lock.title'));
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const snap = useSnapshot(session);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!snap.accessToken || !snap.userInfo) return <Navigate to="/login" replace />;

  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    setError(null);
    try {
      await unlock(password);
      clearLock();
      message.success(t('lock.unlocked'));
      navigate(rememberedUrl() ?? '/', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.kind === 'badCredentials' ? t('lock.wrong') : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const signOut = async () => {
    await logout();
    closeAll();
    navigate('/login', { replace: true });
  };

  return (
    <div className="wb-login wb-lock">
      <div className="wb-login-card">
        <div className="wb-lock-user">
          <Avatar size={64} icon={<UserOutlined />} src={snap.userInfo.avatar ?? undefined} />
          <div className="wb-lock-name">{snap.userInfo.realName}</div>
          <div className="wb-lock-hint"><LockOutlined /> {t('lock.hint')}</div>
        </div>
        <Form onFinish={submit} size="large" disabled={busy} autoComplete="off">
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} aria-label={t('login.password')} autoFocus />
          </Form.Item>
          {error && <div className="wb-login-error" role="alert">{error}</div>}
          <Button type="primary" htmlType="submit" block loading={busy} icon={<UnlockOutlined />}>{t('lock.unlock')}</Button>
          <div className="wb-login-links"><a onClick={() => void signOut()}>{t('lock.signOut')}</a></div>
        </Form>
      </div>
    </div>
  );
}
