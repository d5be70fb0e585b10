import type { ReactNode } from 'react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
// the provider's own module, not the runtime's entry: the entry brings every runtime page with it, and
// the frame (with this host) is drawn before any of them is opened
import { RuntimeProvider, type RuntimeServices } from '../runtime/runtime-context';
import { TEMPLATE_URL } from '../runtime/template-request';
import type { Template } from '../schema/template';
import { i18nStore, type Locale } from './i18n/i18n';
import { DESIGNER_EN_US } from './i18n/designer-en-US';
import { RUNTIME_EN_US } from './i18n/runtime-en-US';
import { localizeTemplate } from './i18n/template-labels';
import { download } from './request/download';
import { heldAnswer, takeEarly } from './request/early-answers';
import { request } from './request/request';
import { session } from './session/session-store';
import { settings } from './settings-store';

/** A call of the runtime: answered by the one the shell made early for the page, if any (`early-answers.ts`). */
const hostRequest: RuntimeServices['request'] = (options) => takeEarly(options) ?? request(options);
/** The host answers a template with its labels in the language shown. */
const REQUESTS: Record<Locale, RuntimeServices['request']> = {
  'zh-CN': hostRequest,
  'en-US': async <T,>(options: Parameters<RuntimeServices['request']>[0]) => {
    const data = await hostRequest<T>(options);
    return (options.url === TEMPLATE_URL && data ? localizeTemplate(data as unknown as Template, 'en-US') : data) as T;
  },
};
/** An answer the shell holds already: the host's own early calls, in the language shown. */
const ANSWERED: Record<Locale, NonNullable<RuntimeServices['answered']>> = {
  'zh-CN': (options) => heldAnswer(options),
  'en-US': <T,>(options: Parameters<RuntimeServices['request']>[0]) => {
    const held = heldAnswer<T>(options);
    return held && options.url === TEMPLATE_URL && held.value ? { value: localizeTemplate(held.value as unknown as Template, 'en-US') as T, take: held.take } : held;
  },
};
const hostDownload: RuntimeServices['download'] = (options) => download(options);

/** Hands the runtime its services: the request layer (calls and downloads), the user's permissions and the display settings. */
export function RuntimeHost({ children }: { children: ReactNode }) {
  const snap = useSnapshot(session);
  const { desensitization } = useSnapshot(settings);
  const { locale } = useSnapshot(i18nStore);
  const navigate = useNavigate();
  const go = useRef(navigate);
  go.current = navigate;
  const services = useMemo<RuntimeServices>(() => ({
    // the same functions for the whole session: a page that loads in an effect keyed on them must
    // not load again (and a form must not be rebuilt over what the user typed) when the user info
    // changes; switching the language does load the templates again, with their labels in it
    request: REQUESTS[locale],
    answered: ANSWERED[locale],
    download: hostDownload,
    hasPermission: (key) => !key || !!snap.userInfo?.admin || !!snap.permissions[key],
    desensitize: desensitization === '1',
    openPage: (url) => { void go.current(url); },
    translate: locale === 'en-US' ? (text) => RUNTIME_EN_US[text] ?? DESIGNER_EN_US[text] : undefined,
    user: snap.userInfo ? {
      user: snap.userInfo.user, username: snap.userInfo.realName, currentOrg: snap.userInfo.currentOrg, currentOrgName: snap.userInfo.currentOrgName,
      currentGroup: snap.userInfo.currentGroup, currentGroupName: snap.userInfo.currentGroupName,
    } : null,
  }), [snap.userInfo, snap.permissions, desensitization, locale]);
  return <RuntimeProvider value={services}>{children}</RuntimeProvider>;
}
