import type { ReactNode } from 'react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { RuntimeProvider, type RuntimeServices } from '../runtime';
import { download } from './request/download';
import { request } from './request/request';
import { session } from './session/session-store';
import { settings } from './settings-store';

const hostRequest: RuntimeServices['request'] = (options) => request(options);
const hostDownload: RuntimeServices['download'] = (options) => download(options);

/** Hands the runtime its services: the request layer (calls and downloads), the user's permissions and the display settings. */
export function RuntimeHost({ children }: { children: ReactNode }) {
  const snap = useSnapshot(session);
  const { desensitization } = useSnapshot(settings);
  const navigate = useNavigate();
  const go = useRef(navigate);
  go.current = navigate;
  const services = useMemo<RuntimeServices>(() => ({
    // the same functions for the whole session: a page that loads in an effect keyed on them must
    // not load again (and a form must not be rebuilt over what the user typed) when the user info changes
    request: hostRequest,
    download: hostDownload,
    hasPermission: (key) => !key || !!snap.userInfo?.admin || !!snap.permissions[key],
    desensitize: desensitization === '1',
    openPage: (url) => { void go.current(url); },
    user: snap.userInfo ? {
      user: snap.userInfo.user, username: snap.userInfo.realName, currentOrg: snap.userInfo.currentOrg, currentOrgName: snap.userInfo.currentOrgName,
      currentGroup: snap.userInfo.currentGroup, currentGroupName: snap.userInfo.currentGroupName,
    } : null,
  }), [snap.userInfo, snap.permissions, desensitization]);
  return <RuntimeProvider value={services}>{children}</RuntimeProvider>;
}
