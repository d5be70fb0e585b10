import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../page-title';
import { ApiError } from '../request/api-error';
import { PWD_UNSAFE } from '../request/request';
import { captchaImageUrl, checkPasswordSafe } from '../session/auth-api';
import { toPasswordChange } from '../session/password-change';
import { menuOfPath, rememberedUrl } from '../navigation';
import { isLocked } from '../session/idle-lock';
import { login, logout, session } from '../session/session-store';

interface LoginForm { username: string; password: string; code?: string }

const newRandomStr = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

/** /login: 用户名, 密码, the captcha when the server asks for it, 登录. */
export function LoginPage() {
  const t = useT();
  usePageTitle('登录');
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const snap = useSnapshot(session);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<LoginForm>();

  if (snap.accessToken && !busy) {
    // a locked session that comes back to the login page signs in again; otherwise go home
    if (isLocked()) {
      void logout();
      return null;
    }
    return <Navigate to="/" replace />;
  }

  /** After sign-in: the history url when the user's menu still has it, else home. */
  const landing = () => {
    const url = rememberedUrl();
    const path = url?.split('?')[0];
    return path && menuOfPath(session.menu, path) ? url! : '/';
  };

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError(null);
    try {
      await login(values.username, values.password, captcha ? { code: values.code ?? '', randomStr: captcha } : undefined);
      try {
        await checkPasswordSafe();
        navigate(landing(), { replace: true });
      } catch (e) {
        if (e instanceof ApiError && e.code === PWD_UNSAFE) {
          toPasswordChange((text, seconds) => message.loading(text, seconds), (path) => navigate(path, { replace: true }));
          return;
        }
        navigate(landing(), { replace: true });
      }
    } catch (e) {
      const apiError = e instanceof ApiError ? e : null;
      const needsCaptcha = (apiError?.data as { captchaRequired?: boolean } | null)?.captchaRequired;
      if (needsCaptcha) {
        setCaptcha(newRandomStr());
        form.setFieldValue('code', '');
      }
      setError(apiError?.kind === 'badCredentials' ? t('err.426') : apiError?.kind === 'captcha' ? t('err.428') : apiError?.message ?? String(e));
      setBusy(false);
    }
  };

  return (
    <div className="wb-login">
      <div className="wb-login-card">
        <h1 className="wb-login-title">{t('login.title')}</h1>
        <p className="wb-login-subtitle">{t('login.subtitle')}</p>
        <Form form={form} onFinish={submit} size="large" autoComplete="off" disabled={busy}>
          <Form.Item name="username" rules={[{ required: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} aria-label={t('login.password')} autoComplete="current-password" />
          </Form.Item>
          {captcha && (
            <Form.Item>
              <div className="wb-login-captcha">
                <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                  <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} aria-label={t('login.captcha')} maxLength={6} />
                </Form.Item>
                <img src={captchaImageUrl(captcha)} alt={t('login.captcha')} title={t('login.captchaRefresh')} onClick={() => setCaptcha(newRandomStr())} />
              </div>
            </Form.Item>
          )}
          {error && <div className="wb-login-error" role="alert">{error}</div>}
          <Button type="primary" htmlType="submit" block loading={busy}>{t('login.submit')}</Button>
          <div className="wb-login-links">
            <Link to="/forgetpwd">{t('login.forget')}</Link>
            <Link to="/register">{t('login.register')}</Link>
          </div>
        </Form>
      </div>
    </div>
  );
}
