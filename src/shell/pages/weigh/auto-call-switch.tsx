import { Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import type { VisitKind } from '../../../schema/weigh';
import { request } from '../../request/request';

/** The automatic call of a kind of visit as the server has it (quartz/task/call). */
interface AutoCallState { kind: VisitKind; enabled: boolean; maxCalled: number; startedAt: string | null; startedByName: string | null }

/** How often the switch reads the server's state again (another station may switch it). */
export const AUTO_CALL_REFRESH_MS = 10_000;

/**
 * 自动叫号: the switch shows whether the server calls the queue by itself (read from
 * quartz/task/call, again every 10 s) and an operator with the 称重 permission turns it on
 * (startCall) or off (stopCall); who switched it on and when is shown beside it.
 */
export function AutoCallSwitch({ kind, canToggle, onChanged }: { kind: VisitKind; canToggle: boolean; onChanged: () => void }) {
  const [state, setState] = useState<AutoCallState | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const next = await request<AutoCallState>({ url: '/quartz/task/call', query: { kind }, quiet: true }).catch(() => null);
    setState((s) => (next && next.kind === kind ? next : s?.kind === kind ? s : null));
  }, [kind]);
  useEffect(() => {
    setState(null);
    void load();
    const timer = setInterval(() => void load(), AUTO_CALL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setState(await request<AutoCallState>({ method: 'POST', url: on ? '/quartz/task/startCall' : '/quartz/task/stopCall', body: { kind } }));
      onChanged();
    } catch {
      // the request layer shows the server's reason; the switch keeps the last state read
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={6} data-testid="auto-call">
      <span>自动叫号</span>
      <Switch size="small" aria-label="自动叫号" checked={!!state?.enabled} loading={busy || !state} disabled={!canToggle || !state}
        checkedChildren="开" unCheckedChildren="关" onChange={(on) => void toggle(on)} />
      {state?.enabled && state.startedByName ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="auto-call-by">
          {state.startedByName} {state.startedAt ? dayjs(state.startedAt).format('HH:mm') : ''} 开启
        </Typography.Text>
      ) : null}
    </Space>
  );
}
