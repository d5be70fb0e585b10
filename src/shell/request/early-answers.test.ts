import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { templateRequest } from '../../runtime/template-request';
import { session } from '../session/session-store';
import { askEarly, EARLY_ANSWER_MS, heldAnswer, takeEarly } from './early-answers';
import { request } from './request';

vi.mock('./request', async (original) => ({ ...(await original<typeof import('./request')>()), request: vi.fn() }));
const calls = vi.mocked(request);

beforeEach(() => {
  calls.mockReset();
  calls.mockImplementation(async (o) => ({ asked: (o.query as Record<string, string>).menuId }) as never);
  session.accessToken = 'token-a';
});
afterEach(() => { vi.useRealTimers(); session.accessToken = null; });

describe('answers asked for early (the template of the page an address opens)', () => {
  it('the page’s identical call takes the early answer, once, without asking the server again', async () => {
    askEarly(templateRequest('FORM', 63));
    expect(calls).toHaveBeenCalledTimes(1);
    const taken = takeEarly(templateRequest('FORM', 63));
    expect(taken).not.toBeNull();
    await expect(taken).resolves.toEqual({ asked: '63' });
    expect(takeEarly(templateRequest('FORM', 63))).toBeNull();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('an answer that has come is held for a page’s first render until the page takes it (a render made again finds it); one on its way is not', async () => {
    let arrive!: (v: unknown) => void;
    calls.mockImplementation(() => new Promise((r) => { arrive = r; }) as never);
    const answer = askEarly(templateRequest('LIST', 181));
    expect(heldAnswer(templateRequest('LIST', 181))).toBeUndefined();
    arrive({ id: 3 });
    await answer;
    expect(heldAnswer(templateRequest('LIST', 182))).toBeUndefined();
    // a render thrown away and made again reads it twice
    expect(heldAnswer(templateRequest('LIST', 181))?.value).toEqual({ id: 3 });
    const held = heldAnswer(templateRequest('LIST', 181));
    expect(held?.value).toEqual({ id: 3 });
    held!.take();
    // taken: neither way gives it again, and the server was asked once
    expect(heldAnswer(templateRequest('LIST', 181))).toBeUndefined();
    expect(takeEarly(templateRequest('LIST', 181))).toBeNull();
    expect(calls).toHaveBeenCalledTimes(1);
    // a held answer is not another session's, nor older than 30 s
    calls.mockImplementation(async () => ({ id: 4 }) as never);
    await askEarly(templateRequest('LIST', 183));
    session.accessToken = 'token-b';
    expect(heldAnswer(templateRequest('LIST', 183))).toBeUndefined();
    session.accessToken = 'token-a';
    vi.useFakeTimers();
    vi.advanceTimersByTime(EARLY_ANSWER_MS + 1);
    expect(heldAnswer(templateRequest('LIST', 183))).toBeUndefined();
  });

  it('another call, a stale answer or another session’s answer is not handed out', async () => {
    askEarly(templateRequest('FORM', 63));
    expect(takeEarly(templateRequest('LIST', 63))).toBeNull();
    expect(takeEarly(templateRequest('FORM', 64))).toBeNull();

    vi.useFakeTimers();
    await askEarly(templateRequest('LIST', 7));
    vi.advanceTimersByTime(EARLY_ANSWER_MS + 1);
    expect(takeEarly(templateRequest('LIST', 7))).toBeNull();
    // one on its way is handed out however long it takes (as fresh as the page's own call would be)
    let arrive!: (v: unknown) => void;
    calls.mockImplementationOnce(() => new Promise((r) => { arrive = r; }) as never);
    const slow = askEarly(templateRequest('LIST', 9));
    vi.advanceTimersByTime(EARLY_ANSWER_MS * 2);
    const taken = takeEarly(templateRequest('LIST', 9));
    expect(taken).toBe(slow);
    arrive({ id: 9 });
    await expect(taken).resolves.toEqual({ id: 9 });
    // one that came is handed out within EARLY_ANSWER_MS of its coming, counted from then
    await askEarly(templateRequest('LIST', 10));
    vi.advanceTimersByTime(EARLY_ANSWER_MS - 1);
    expect(takeEarly(templateRequest('LIST', 10))).not.toBeNull();
    vi.useRealTimers();

    // the same call in the same session is handed out (the precondition), in a new session it is not
    askEarly(templateRequest('LIST', 8));
    expect(takeEarly(templateRequest('LIST', 8))).not.toBeNull();
    askEarly(templateRequest('LIST', 8));
    session.accessToken = 'token-b';
    expect(takeEarly(templateRequest('LIST', 8))).toBeNull();
  });

  it('only reads are asked early (a plain GET, a list’s search), and only in a signed-in session', () => {
    expect(askEarly({ method: 'POST', url: '/measure/mm-pu-weigh/audit', body: { ids: [1] } })).toBeNull();
    expect(askEarly({ method: 'DELETE', url: '/measure/mm-pu-weigh/1', list: true })).toBeNull();
    session.accessToken = null;
    expect(askEarly(templateRequest('FORM', 63))).toBeNull();
    expect(calls).not.toHaveBeenCalled();
  });

  it('a list’s first rows: the page’s call with the same body takes the answer; another page of rows does not', async () => {
    calls.mockImplementation(async () => ({ list: [{ id: 1 }], total: 1 }) as never);
    const rows = (pn: number) => ({ method: 'POST' as const, url: '/measure/mm-pu-weigh/list', list: true, quiet: true, body: { search: [], limit: { pn, ps: 500 }, sort: [], tplId: 3 } });
    expect(askEarly(rows(1))).not.toBeNull();
    expect(takeEarly(rows(2))).toBeNull();
    await expect(takeEarly(rows(1))).resolves.toEqual({ list: [{ id: 1 }], total: 1 });
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('a call the page has made itself (its code came before the early call was worked out) is not asked again', async () => {
    calls.mockImplementation(async () => ({ list: [], total: 0 }) as never);
    const rows = (tplId: number) => ({ method: 'POST' as const, url: '/measure/mm-pu-weigh/list', list: true, quiet: true, body: { search: [], limit: { pn: 1, ps: 500 }, sort: [], tplId } });
    // the page finds no early answer and asks the server itself
    expect(takeEarly(rows(41))).toBeNull();
    await request(rows(41));
    // then the shell, late, would ask for the same rows: nothing is asked
    expect(askEarly(rows(41))).toBeNull();
    expect(calls).toHaveBeenCalledTimes(1);
    // another call is asked as before; another session's call did not count; after 30 s the same call is asked again
    expect(askEarly(rows(42))).not.toBeNull();
    expect(takeEarly(rows(43))).toBeNull();
    session.accessToken = 'token-b';
    expect(askEarly(rows(43))).not.toBeNull();
    vi.useFakeTimers();
    expect(takeEarly(rows(44))).toBeNull();
    vi.advanceTimersByTime(EARLY_ANSWER_MS + 1);
    expect(askEarly(rows(44))).not.toBeNull();
    expect(calls).toHaveBeenCalledTimes(4);
  });

  it('a failed early call rejects the page’s call as its own would', async () => {
    calls.mockRejectedValueOnce(new Error('模板不存在'));
    askEarly(templateRequest('FORM', 63));
    await expect(takeEarly(templateRequest('FORM', 63))).rejects.toThrow('模板不存在');
  });
});
