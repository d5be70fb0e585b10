import { describe, expect, it } from 'vitest';
import {
  addTo, addressNodes, checkAllState, checkedLeaves, clearTarget, filterTree, moveLeft, moveRight, normaliseAddressValue, removeFrom,
  splitTree, toggleAll, type TransferNode,
} from './transfer';

const tree: TransferNode[] = [
  { key: 'weigh', title: '计量部', children: [{ key: 'u1', title: '张司磅' }, { key: 'u2', title: '李过磅' }] },
  { key: 'lab', title: '化验室', children: [{ key: 'u3', title: '王化验' }, { key: 'u4', title: '赵停用', disabled: true }] },
  { key: 'u5', title: '刘财务' },
];

describe('two trees', () => {
  it('splits the tree into what is available and what is chosen, keeping branches that still hold a leaf', () => {
    const { left, right } = splitTree(tree, ['u1', 'u5']);
    expect(left.map((n) => n.key)).toEqual(['weigh', 'lab']);
    expect(left[0].children!.map((n) => n.key)).toEqual(['u2']);
    expect(right.map((n) => n.key)).toEqual(['weigh', 'u5']);
    expect(right[0].children!.map((n) => n.key)).toEqual(['u1']);
    expect(filterTree(tree, () => false)).toEqual([]);
  });
  it('a checked branch stands for its movable leaves', () => {
    expect(checkedLeaves(tree, ['weigh'])).toEqual(['u1', 'u2']);
    expect(checkedLeaves(tree, ['lab'])).toEqual(['u3']);
  });
  it('moves checked leaves right in tree order and back left', () => {
    const chosen = moveRight(tree, ['u5'], ['u2', 'u1']);
    expect(chosen).toEqual(['u1', 'u2', 'u5']);
    expect(moveLeft(chosen, ['u2'])).toEqual(['u1', 'u5']);
    expect(moveRight(tree, ['gone'], ['u3'])).toEqual(['u3', 'gone']);
  });
  it('the check-all box is partial on a partial selection, full when every movable leaf is checked', () => {
    expect(checkAllState(tree, [])).toEqual({ checked: false, indeterminate: false });
    expect(checkAllState(tree, ['u1'])).toEqual({ checked: false, indeterminate: true });
    expect(checkAllState(tree, ['weigh', 'u3', 'u5'])).toEqual({ checked: true, indeterminate: false });
    expect(checkAllState([], [])).toEqual({ checked: false, indeterminate: false });
    expect(toggleAll(tree, ['u1'])).toEqual(['u1', 'u2', 'u3', 'u5']);
    expect(toggleAll(tree, ['u1', 'u2', 'u3', 'u5'])).toEqual([]);
  });
});

describe('address list', () => {
  const none = normaliseAddressValue(null);
  it('adds people to one target list only, each once', () => {
    const v1 = addTo(none, 'to', ['a@x.cn', 'b@x.cn', 'a@x.cn']);
    expect(v1).toEqual({ to: ['a@x.cn', 'b@x.cn'], cc: [], bcc: [] });
    const v2 = addTo(v1, 'bcc', ['b@x.cn']);
    expect(v2).toEqual({ to: ['a@x.cn'], cc: [], bcc: ['b@x.cn'] });
  });
  it('removes one person, or clears a whole list', () => {
    const v = { to: ['a@x.cn', 'b@x.cn'], cc: ['c@x.cn'], bcc: [] };
    expect(removeFrom(v, 'to', 'a@x.cn')).toEqual({ to: ['b@x.cn'], cc: ['c@x.cn'], bcc: [] });
    expect(clearTarget(v, 'to')).toEqual({ to: [], cc: ['c@x.cn'], bcc: [] });
  });
  it('shows an address-list entry with its label and e-mail', () => {
    expect(addressNodes([{ label: '张三', Email: 'zs@x.cn' }])).toEqual([{ key: 'zs@x.cn', title: '张三 <zs@x.cn>' }]);
  });
});
