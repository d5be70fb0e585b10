import { App as AntApp, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../page-title';
import { ApiError } from '../request/api-error';
import { request } from '../request/request';

const MOBILE = /^1[3-9]\d{9}$/;

function useSubmit<T>(url: string) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; msg: string } | null>(null);
  const submit = async (body: T) => {
    setBusy(true);
    setError(null);
    try {
      await request({ method: 'POST', url, body, auth: false, quiet: true });
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? { field: (e.data as { field?: string } | null)?.field, msg: e.message } : { msg: String(e) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, done, setDone, error, submit };
}

/** /forgetpwd: a password-recovery request; an administrator verifies it and resets the password. */
export function ForgetPasswordPage() {
  const t = useT();
  usePageTitle(t('forget.title'));
  const { busy, done, setDone, error, submit } = useSubmit<{ username: string; mobile: string }>('/sys-user/forgetPwd');
  if (done) return <div className="wb-login"><div className="wb-login-card"><Result status="success" title={done} extra={<Link to="/login">{t('self.backToLogin')}</Link>} /></div></div>;
  return (
    <div className="wb-login">
      <div className="wb-login-card">
        <h1 className="wb-login-title">{t('forget.title')}</h1>
        <Form layout="vertical" disabled={busy} onFinish={async (v: { username: string; mobile: string }) => { if (await submit({ username: v.username.trim(), mobile: v.mobile.trim() })) setDone(t('forget.done')); }}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}><Input aria-label={t('login.username')} /></Form.Item>
          <Form.Item name="mobile" label={t('self.mobile')} rules={[{ required: true, message: t('self.mobileRequired') }, { pattern: MOBILE, message: t('self.mobileInvalid') }]}><Input aria-label={t('self.mobile')} maxLength={11} /></Form.Item>
          {error && <div className="wb-login-error" role="alert">{error.msg}</div>}
          <Button type="primary" htmlType="submit" block loading={busy}>{t('forget.submit')}</Button>
          <div className="wb-login-links"><Link to="/login">{t('self.backToLogin')}</Link></div>
        </Form>
      </div>
    </div>
  );
}

interface RegisterForm { orgCode: string; username: string; realName: string; mobile: string; password: string; confirm: string }

/** /register: a new account in a company, disabled until an administrator enables it. */
export function RegisterPage() {
  const t = useT();
  usePageTitle(t('register.title'));
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<RegisterForm>();
  const { busy, done, setDone, error, submit } = useSubmit<Omit<RegisterForm, 'confirm'>>('/sys-user/register');
  if (done) return <div className="wb-login"><div className="wb-login-card"><Result status="success" title={done} extra={<Link to="/login">{t('self.backToLogin')}</Link>} /></div></div>;
  const onFinish = async ({ confirm: _confirm, ...v }: RegisterForm) => {
    if (await submit({ ...v, username: v.username.trim(), realName: v.realName.trim(), orgCode: v.orgCode.trim() })) {
      setDone(t('register.done'));
      message.success(t('register.done'));
    }
  };
  const fieldError = (name: string) => (error?.field === name ? { validateStatus: 'error' as const, help: error.msg } : {});
  return (
    <div className="wb-login">
      <div className="wb-login-card wb-register-card">
        <h1 className="wb-login-title">{t('register.title')}</h1>
        <Form form={form} layout="vertical" disabled={busy} onFinish={onFinish}>
          <Form.Item name="orgCode" label={t('register.orgCode')} rules={[{ required: true, message: t('register.orgCodeRequired') }]} {...fieldError('orgCode')}><Input aria-label={t('register.orgCode')} /></Form.Item>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }, { pattern: /^[A-Za-z0-9_.-]{2,32}$/, message: t('register.usernameRule') }]} {...fieldError('username')}><Input aria-label={t('login.username')} /></Form.Item>
          <Form.Item name="realName" label={t('register.realName')} rules={[{ required: true, message: t('register.realNameRequired') }]}><Input aria-label={t('register.realName')} maxLength={50} /></Form.Item>
          <Form.Item name="mobile" label={t('self.mobile')} rules={[{ required: true, message: t('self.mobileRequired') }, { pattern: MOBILE, message: t('self.mobileInvalid') }]}><Input aria-label={t('self.mobile')} maxLength={11} /></Form.Item>
          <Form.Item name="password" label={t('login.password')} extra={t('editpwd.rule')} rules={[{ required: true, message: t('login.passwordRequired') }]} {...fieldError('password')}><Input.Password aria-label={t('login.password')} /></Form.Item>
          <Form.Item name="confirm" label={t('editpwd.confirm')} dependencies={['password']} rules={[{ required: true, message: t('login.passwordRequired') }, ({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('editpwd.mismatch')))) })]}><Input.Password aria-label={t('editpwd.confirm')} /></Form.Item>
          {error && !error.field && <div className="wb-login-error" role="alert">{error.msg}</div>}
          <Button type="primary" htmlType="submit" block loading={busy}>{t('register.submit')}</Button>
          <div className="wb-login-links"><Link to="/login">{t('self.backToLogin')}</Link></div>
        </Form>
      </div>
    </div>
  );
}
