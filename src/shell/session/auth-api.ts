import { request } from '../request/request';

/** The HTTP Basic client credential of the web client (spec 000 §6: a fixed client credential). */
const WEB_CLIENT = `Basic ${btoa('web:web')}`;

export interface TokenAnswer { access_token: string; refresh_token: string; expires_in: number; token_type: string; user_id: number }
export interface OrgInfo { id: number; orgCode: string; orgName: string; pkGroup: number }
export interface UserInfo {
  user: number; username: string; realName: string; avatar: string | null;
  currentOrg: number | null; currentOrgName: string | null; currentGroup: number | null; currentGroupName: string | null;
  orgs: OrgInfo[]; admin: boolean; roles: string[]; permissions: string[];
}

export function passwordGrant(username: string, password: string, captcha?: { code: string; randomStr: string }) {
  return request<TokenAnswer>({
    method: 'POST', url: '/oauth/token', auth: false, quiet: true,
    headers: { Authorization: WEB_CLIENT },
    form: { grant_type: 'password', username, password, ...(captcha ? { code: captcha.code, randomStr: captcha.randomStr } : {}) },
  });
}

/** The lock screen signs in again with its own client credential (spec 000 §6). */
const LOCK_CLIENT = `Basic ${btoa('lock:lock')}`;
export function unlockGrant(username: string, password: string) {
  return request<TokenAnswer>({
    method: 'POST', url: '/oauth/token', auth: false, quiet: true,
    headers: { Authorization: LOCK_CLIENT },
    form: { grant_type: 'password', username, password },
  });
}

export function refreshGrant(refreshToken: string) {
  return request<TokenAnswer>({
    method: 'POST', url: '/oauth/token', auth: false, quiet: true,
    headers: { Authorization: WEB_CLIENT },
    form: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
}

export const fetchMe = () => request<UserInfo>({ url: '/sys-info/me' });
export const logoutCall = () => request<null>({ method: 'POST', url: '/base/logout', quiet: true });
export const checkPasswordSafe = () => request<boolean>({ url: '/sys-user/pwd/checkSafe', quiet: true });
export const modifyPassword = (id: number, oldPassword: string, newPassword: string) =>
  request<null>({ method: 'PUT', url: `/sys-user/password/modify/${id}`, body: { oldPassword, newPassword }, quiet: true });
export const captchaImageUrl = (randomStr: string) => `/api/code/image?randomStr=${encodeURIComponent(randomStr)}`;
