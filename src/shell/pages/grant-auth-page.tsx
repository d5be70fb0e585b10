import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Input, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../page-title';
import { request } from '../request/request';
import { isSignedIn } from '../session/session-store';

interface LicenceStatus {
  installationId: string; state: 'NONE' | 'VALID' | 'EXPIRED' | 'INVALID'; licensee: string | null; edition: string | null;
  issuedOn: string | null; expiresOn: string | null; daysLeft: number | null; appliedAt: string | null; appliedBy: string | null;
}

const STATES: Record<LicenceStatus['state'], { color: string; text: string }> = {
  NONE: { color: 'default', text: '未授权' },
  VALID: { color: 'green', text: '已授权' },
  EXPIRED: { color: 'red', text: '授权已到期' },
  INVALID: { color: 'red', text: '授权码无效' },
};

/**
 * /grantAuth (spec 000 §2.1, no sign-in): the installation's authorisation as the server answers
 * it — the installation id to ask the vendor for a code, the state, licensee, edition and expiry —
 * and, for a signed-in administrator, the field to enter a code (the server verifies its signature).
 */
export function GrantAuthPage() {
  usePageTitle('系统授权');
  const [status, setStatus] = useState<LicenceStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const signedIn = isSignedIn();
  const load = useCallback(() => request<LicenceStatus>({ url: '/grant-auth/status', auth: false, quiet: true })
    .then(setStatus, (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e))), []);
  useEffect(() => { void load(); }, [load]);

  const submit = async () => {
    setSaving(true);
    setResult(null);
    try {
      const next = await request<LicenceStatus>({ method: 'POST', url: '/grant-auth/apply', body: { code }, quiet: true });
      setStatus(next);
      setCode('');
      setResult({ ok: true, text: '授权成功' });
    } catch (e) {
      setResult({ ok: false, text: e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  };

  const state = status ? STATES[status.state] : null;
  return (
    <div className="wb-public" style={{ padding: 24, maxWidth: 900, margin: '0 auto' }}>
      <h1 style={{ textAlign: 'center' }}><SafetyCertificateOutlined /> 系统授权</h1>
      {loadError ? <Alert type="error" showIcon message={loadError} /> : (
        <Card title="授权信息" loading={!status}>
          {status && state && (
            <Descriptions column={1} bordered size="small" labelStyle={{ width: 160 }}>
              <Descriptions.Item label="安装编号">
                <Typography.Text copyable code data-testid="installation-id">{status.installationId}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="授权状态"><Tag color={state.color} data-testid="licence-state">{state.text}</Tag></Descriptions.Item>
              <Descriptions.Item label="被授权单位">{status.licensee ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="版本">{status.edition ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="签发日期">{status.issuedOn ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="到期日">
                {status.state === 'NONE' ? '—' : status.expiresOn ?? '长期有效'}
                {status.daysLeft !== null && <Typography.Text type={status.daysLeft <= 30 ? 'warning' : 'secondary'}>（剩余 {status.daysLeft} 天）</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label="授权录入">
                {status.appliedAt ? `${dayjs(status.appliedAt).format('YYYY-MM-DD HH:mm')} · ${status.appliedBy ?? '—'}` : '—'}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      )}
      <Card title="输入授权码" style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">
          {'把上面的安装编号发给供应商，供应商按单位、版本和期限签发授权码。授权码带有供应商的数字签名，由服务器用系统随附的公钥校验，只对本安装有效。授权信息在此记录和显示，不开关系统功能。'}
        </Typography.Paragraph>
        {signedIn ? (
          <>
            <Input.TextArea
              aria-label="授权码" placeholder="WB1-…" autoSize={{ minRows: 3, maxRows: 8 }} value={code}
              onChange={(e) => setCode(e.target.value)} style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            />
            <div style={{ marginTop: 12, display: 'flex', gap: 12, alignItems: 'center' }}>
              <Button type="primary" loading={saving} disabled={!code.trim()} onClick={() => void submit()}>提交授权</Button>
              <Typography.Text type="secondary">只有管理员可以提交</Typography.Text>
            </div>
            {result && <Alert style={{ marginTop: 12 }} type={result.ok ? 'success' : 'error'} showIcon message={result.text} role="status" />}
          </>
        ) : (
          <Alert type="info" showIcon message={<>请先以管理员身份<Link to="/login">登录</Link>，再回到本页输入授权码。</>} />
        )}
      </Card>
    </div>
  );
}
