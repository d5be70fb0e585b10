import { t } from '../i18n/i18n';
import { session } from './session-store';

export const EDIT_PASSWORD_PATH = '/editpwd';
/** How long 请修改初始密码！即将跳转.... shows before 修改密码 opens (spec 000 §8: about 2 s). */
export const PASSWORD_CHANGE_DELAY_MS = 2000;

let pending = false;

/**
 * A session whose initial or reset password must be changed first: says 请修改初始密码！即将跳转....
 * and about 2 s later opens 修改密码 of the signed-in user — once, however many calls were refused
 * together, and not when 修改密码 is already open. `show` draws the loading notice, `go` navigates.
 */
export function toPasswordChange(show: (text: string, seconds: number) => void, go: (path: string) => void): void {
  if (pending || (typeof location !== 'undefined' && location.pathname === EDIT_PASSWORD_PATH)) return;
  pending = true;
  show(t('pwd.mustChange'), PASSWORD_CHANGE_DELAY_MS / 1000);
  setTimeout(() => {
    pending = false;
    go(`${EDIT_PASSWORD_PATH}?id=${session.userInfo?.user ?? ''}`);
  }, PASSWORD_CHANGE_DELAY_MS);
}
