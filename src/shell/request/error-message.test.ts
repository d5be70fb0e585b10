import { describe, expect, it } from 'vitest';
import { ApiError, kindOf } from './api-error';
import { describeError, serverErrorText } from './error-message';

const err = (status: number, code: string, msg: string, path = '/api/x') => new ApiError(kindOf(status, code), status, code, msg, path);

describe('describeError (spec 000 §8)', () => {
  it('shows a short Chinese 500 message, otherwise the generic text', () => {
    expect(serverErrorText('磅单已审核，不能删除')).toEqual({ raw: '磅单已审核，不能删除' });
    expect(serverErrorText('NullPointerException at com.x.Y')).toEqual({ key: 'err.500' });
    expect(serverErrorText('这是一条非常非常非常非常非常非常非常非常非常非常长的错误信息文本')).toEqual({ key: 'err.500' });
  });

  it('maps catalogue statuses to their messages and titles', () => {
    expect(describeError(err(429, '429', 'x'))).toMatchObject({ level: 'warning', titleKey: 'common.warnTitle', text: { key: 'err.429' } });
    expect(describeError(err(409, '000', 'x'))).toMatchObject({ level: 'warning', text: { key: 'err.000' } });
    expect(describeError(err(403, '403', 'x'))).toMatchObject({ level: 'error', titleKey: 'common.errorTitle', text: { key: 'err.403' } });
    expect(describeError(err(426, '426', 'x')).text).toEqual({ key: 'err.426' });
    expect(describeError(err(479, '479', 'x')).text).toEqual({ key: 'err.479' });
  });

  it('tells an expired session, a missing user and a forced sign-out apart', () => {
    expect(describeError(err(401, '401', '登录已失效')).text).toEqual({ key: 'err.sessionExpired' });
    expect(describeError(err(401, '401', '用户不存在')).text).toEqual({ key: 'err.userMissing' });
    expect(describeError(err(401, 'FORCED_OFFLINE', '您已被管理员强制下线，请重新登录'))).toMatchObject({ level: 'warning', duration: 10 });
  });

  it('stays silent on the silent paths', () => {
    expect(describeError(err(500, '500', 'x', '/api/sys-user/pwd/checkSafe')).level).toBe('none');
  });

  it('shows a business failure with the server message', () => {
    expect(describeError(err(200, '1', '该磅单已作废，不能审核'))).toMatchObject({ level: 'error', text: { raw: '该磅单已作废，不能审核' } });
  });
});
