/**
 * The transfer list (spec 001 §2 screen 10, §4): nodes move between a left and a right side.
 * Pure rules shared by the two modes — two trees, and the address list with its three target
 * lists 收件人, 抄送人 and 密送人. A side holds leaf keys; branches only group them.
 */

/** A node of either tree: a branch has children, a leaf is what moves. */
export interface TransferNode {
  key: string;
  title: string;
  children?: TransferNode[];
  disabled?: boolean;
}

/** The state of a side's check-all box: checked when every movable leaf is checked, partial otherwise. */
export interface CheckAllState { checked: boolean; indeterminate: boolean }

export const TRANSFER_LABELS = {
  toRight: '移入',
  toLeft: '移出',
  checkAll: '全选',
  clear: '清空',
  remove: '移除',
  empty: '暂无数据',
} as const;

/** The leaves of a tree in display order (disabled ones included). */
export function leavesOf(nodes: readonly TransferNode[]): TransferNode[] {
  const out: TransferNode[] = [];
  const walk = (list: readonly TransferNode[]) => {
    for (const n of list) {
      if (n.children?.length) walk(n.children);
      else out.push(n);
    }
  };
  walk(nodes);
  return out;
}

/** The keys of the leaves that can move (not disabled, nor under a disabled branch). */
export function movableKeys(nodes: readonly TransferNode[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly TransferNode[]) => {
    for (const n of list) {
      if (n.disabled) continue;
      if (n.children?.length) walk(n.children);
      else out.push(n.key);
    }
  };
  walk(nodes);
  return out;
}

/**
 * The tree keeping only the leaves `keep` accepts, with the branches that still hold one
 * (a branch left empty disappears). Order and titles are kept.
 */
export function filterTree(nodes: readonly TransferNode[], keep: (leafKey: string) => boolean): TransferNode[] {
  const out: TransferNode[] = [];
  for (const n of nodes) {
    if (n.children?.length) {
      const children = filterTree(n.children, keep);
      if (children.length) out.push({ ...n, children });
    } else if (keep(n.key)) {
      out.push(n);
    }
  }
  return out;
}

/** The two trees of the two-tree mode: what is still available on the left, what is chosen on the right. */
export function splitTree(nodes: readonly TransferNode[], chosen: readonly string[]): { left: TransferNode[]; right: TransferNode[] } {
  const set = new Set(chosen);
  return { left: filterTree(nodes, (k) => !set.has(k)), right: filterTree(nodes, (k) => set.has(k)) };
}

/** The leaves a set of checked keys stands for: a checked branch stands for its movable leaves. */
export function checkedLeaves(nodes: readonly TransferNode[], checked: readonly string[]): string[] {
  const set = new Set(checked);
  const out: string[] = [];
  const walk = (list: readonly TransferNode[], inChecked: boolean) => {
    for (const n of list) {
      if (n.disabled) continue;
      const on = inChecked || set.has(n.key);
      if (n.children?.length) walk(n.children, on);
      else if (on) out.push(n.key);
    }
  };
  walk(nodes, false);
  return out;
}

/** The check-all box of a side: full when all its movable leaves are checked, partial when some are. */
export function checkAllState(nodes: readonly TransferNode[], checked: readonly string[]): CheckAllState {
  const all = movableKeys(nodes);
  const on = new Set(checkedLeaves(nodes, checked));
  const count = all.filter((k) => on.has(k)).length;
  return { checked: all.length > 0 && count === all.length, indeterminate: count > 0 && count < all.length };
}

/** What the check-all box checks when clicked: everything movable, or nothing when all was checked. */
export function toggleAll(nodes: readonly TransferNode[], checked: readonly string[]): string[] {
  return checkAllState(nodes, checked).checked ? [] : movableKeys(nodes);
}

/** Chosen keys after moving leaves to the right, in the tree's order. */
export function moveRight(nodes: readonly TransferNode[], chosen: readonly string[], moving: readonly string[]): string[] {
  const set = new Set([...chosen, ...moving]);
  const order = leavesOf(nodes).map((n) => n.key);
  const known = order.filter((k) => set.has(k));
  // keys the tree no longer has stay chosen (at the end) rather than vanish silently
  return [...known, ...chosen.filter((k) => !order.includes(k))];
}

/** Chosen keys after moving leaves back to the left. */
export function moveLeft(chosen: readonly string[], moving: readonly string[]): string[] {
  const gone = new Set(moving);
  return chosen.filter((k) => !gone.has(k));
}

/* ---------- the address list ---------- */

/** The three target lists of the address-list mode. */
export const ADDRESS_TARGETS = [
  { key: 'to', label: '收件人' },
  { key: 'cc', label: '抄送人' },
  { key: 'bcc', label: '密送人' },
] as const;
export type AddressTarget = (typeof ADDRESS_TARGETS)[number]['key'];

/** Who receives a message: leaf keys (e-mail addresses of address-list entries) per target list. */
export type AddressValue = Record<AddressTarget, string[]>;

export const EMPTY_ADDRESS_VALUE: AddressValue = { to: [], cc: [], bcc: [] };

/** An address-list entry (spec 001 §3): its label and e-mail. */
export interface AddressEntry { label: string; Email: string }

/** Address-list entries as tree leaves: the key is the e-mail, the title shows both. */
export function addressNodes(entries: readonly AddressEntry[]): TransferNode[] {
  return entries.map((e) => ({ key: e.Email, title: e.label ? `${e.label} <${e.Email}>` : e.Email }));
}

/** Everyone already in a target list. */
export function addressedKeys(value: AddressValue): string[] {
  return [...value.to, ...value.cc, ...value.bcc];
}

/** The value with people added to one target list; a person is in one list only, so they leave the others. */
export function addTo(value: AddressValue, target: AddressTarget, keys: readonly string[]): AddressValue {
  const moving = new Set(keys);
  const next: AddressValue = { to: [], cc: [], bcc: [] };
  for (const t of ADDRESS_TARGETS) next[t.key] = value[t.key].filter((k) => !moving.has(k));
  next[target] = [...next[target], ...keys.filter((k, i) => keys.indexOf(k) === i)];
  return next;
}

/** The value with one person taken out of a target list (the per-item remove). */
export function removeFrom(value: AddressValue, target: AddressTarget, key: string): AddressValue {
  return { ...value, [target]: value[target].filter((k) => k !== key) };
}

/** The value with a target list emptied (清空). */
export function clearTarget(value: AddressValue, target: AddressTarget): AddressValue {
  return { ...value, [target]: [] };
}

/** A value that may come from outside (missing lists, null) as a full one. */
export function normaliseAddressValue(value: Partial<AddressValue> | null | undefined): AddressValue {
  return { to: [...(value?.to ?? [])], cc: [...(value?.cc ?? [])], bcc: [...(value?.bcc ?? [])] };
}
