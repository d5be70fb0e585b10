import type { LiveValue } from '../../../schema/weigh';
import { API_BASE } from '../../request/request';
import { buildHeaders } from '../../request/headers';
import { session } from '../../session/session-store';

export type ReceivedValue = LiveValue & { receivedAt: number };

/**
 * Follows a scale's live values (server-sent events over fetch, so that the bearer token goes in a
 * header): each value is handed over as it arrives; a dropped stream is opened again after 1 s.
 * Answers the function that stops it.
 */
export function followScale(scaleId: number, onValue: (value: ReceivedValue) => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  const run = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const res = await fetch(`${API_BASE}/measure/weigh/live/${scaleId}`, {
          headers: buildHeaders({ token: session.accessToken, tenantId: session.userInfo?.currentOrg ?? null, routePath: location.pathname }),
          signal: controller.signal,
        });
        if (res.ok && res.body) {
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buf = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buf += decoder.decode(value, { stream: true });
            let i: number;
            while ((i = buf.indexOf('\n\n')) >= 0) {
              const event = buf.slice(0, i);
              buf = buf.slice(i + 2);
              if (event.startsWith('data: ')) onValue({ ...(JSON.parse(event.slice(6)) as LiveValue), receivedAt: Date.now() });
            }
          }
        }
      } catch {
        // aborted or dropped: tried again below unless stopped
      }
      if (!stopped) await new Promise((r) => setTimeout(r, 1000));
    }
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
