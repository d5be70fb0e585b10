import { describe, expect, it } from 'vitest';
import { inTurn } from './in-turn';

/** A call that logs its start and end and finishes when the test says (or fails, if told to). */
function gated(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((resolve, reject) => { finish = () => resolve(name); fail = reject; });
  const call = async () => {
    log.push(`${name} starts`);
    try { return await done; } finally { log.push(`${name} ends`); }
  };
  return { call, finish: () => finish(), fail: (e: Error) => fail(e) };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inTurn: calls one at a time', () => {
  it('runs calls handed in together in their order, each after the one before has ended', async () => {
    // unqueued, the three overlap: all start before the first ends
    const free: string[] = [];
    const loose = ['a', 'b', 'c'].map((n) => gated(free, n));
    const running = Promise.all(loose.map((g) => g.call()));
    await settle();
    expect(free).toEqual(['a starts', 'b starts', 'c starts']);
    for (const g of [...loose].reverse()) g.finish();
    await running;

    const log: string[] = [];
    const turn = inTurn();
    const calls = ['a', 'b', 'c'].map((n) => gated(log, n));
    const results = Promise.all(calls.map((g) => turn(g.call)));
    await settle();
    expect(log).toEqual(['a starts']);
    // the later ones finishing first changes nothing: b has not started yet
    calls[2].finish();
    calls[1].finish();
    await settle();
    expect(log).toEqual(['a starts']);
    calls[0].finish();
    expect(await results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('fails only the caller of a call that fails or throws; the calls after it still run in turn', async () => {
    const log: string[] = [];
    const turn = inTurn();
    const [a, c] = [gated(log, 'a'), gated(log, 'c')];
    const first = turn(a.call);
    const thrown = turn(() => { log.push('b throws'); throw new Error('b'); });
    const third = turn(c.call);
    const outcomes = Promise.allSettled([first, thrown, third]);
    await settle();
    expect(log).toEqual(['a starts']);
    a.fail(new Error('a'));
    await settle();
    expect(log).toEqual(['a starts', 'a ends', 'b throws', 'c starts']);
    c.finish();
    expect((await outcomes).map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['a', 'b', 'c']);
    expect((await outcomes).map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    // and a call handed in after all of them settled runs at once
    expect(await turn(async () => 'd')).toBe('d');
  });
});
