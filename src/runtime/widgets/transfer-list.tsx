import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState, type ReactNode } from 'react';
import {
  ADDRESS_TARGETS, TRANSFER_LABELS, addTo, addressedKeys, checkAllState, checkedLeaves, clearTarget, filterTree, leavesOf, moveLeft,
  moveRight, normaliseAddressValue, removeFrom, splitTree, toggleAll, type AddressTarget, type AddressValue, type TransferNode,
} from '../../schema/transfer';
import { useTr } from '../runtime-context';

const toDataNodes = (nodes: readonly TransferNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, disabled: n.disabled, children: n.children ? toDataNodes(n.children) : undefined }));

/** One side: a title with a check-all box (partial on a partial selection) over a checkable tree. */
function TransferSide({ title, nodes, checked, onCheck, disabled, extra }: {
  title: string; nodes: TransferNode[]; checked: string[]; onCheck(keys: string[]): void; disabled?: boolean; extra?: ReactNode;
}) {
  const tr = useTr();
  const all = checkAllState(nodes, checked);
  const data = useMemo(() => toDataNodes(nodes), [nodes]);
  const total = leavesOf(nodes).length;
  const count = checkedLeaves(nodes, checked).length;
  return (
    <section className="wb-transfer-side" aria-label={title} style={{ flex: 1, minWidth: 200, border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Checkbox
          aria-label={`${title}${TRANSFER_LABELS.checkAll}`} checked={all.checked} indeterminate={all.indeterminate}
          disabled={disabled || total === 0} onChange={() => onCheck(toggleAll(nodes, checked))}
        />
        <span style={{ flex: 1 }}>{title}</span>
        <span className="wb-transfer-count">{count > 0 ? tr('{count}/{total} 项', { count, total }) : tr('{n} 项', { n: total })}</span>
        {extra}
      </header>
      <div style={{ height: 280, overflow: 'auto', padding: 4 }}>
        {data.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tr(TRANSFER_LABELS.empty)} /> : (
          <Tree
            checkable selectable={false} defaultExpandAll blockNode disabled={disabled} treeData={data}
            checkedKeys={checkedLeaves(nodes, checked)}
            onCheck={(keys) => onCheck(checkedLeaves(nodes, (Array.isArray(keys) ? keys : keys.checked).map(String)))}
          />
        )}
      </div>
    </section>
  );
}

export interface TreeTransferProps {
  /** Every node, hierarchical ({ key, title, children }); leaves are what moves. */
  dataSource: TransferNode[];
  /** The chosen leaf keys (right side). */
  value?: string[] | null;
  onChange?(value: string[]): void;
  /** Titles of the left and right side. */
  titles?: [string, string];
  disabled?: boolean;
}

/**
 * The two-tree transfer list (spec 001 §2 screen 10): available nodes on the left, chosen ones on
 * the right; the move buttons are disabled while nothing is checked on their side.
 */
export function TreeTransfer({ dataSource, value, onChange, titles: given, disabled }: TreeTransferProps) {
  const tr = useTr();
  const titles = given ?? [tr('待选'), tr('已选')];
  const chosen = useMemo(() => value ?? [], [value]);
  const { left, right } = useMemo(() => splitTree(dataSource, chosen), [dataSource, chosen]);
  const [leftChecked, setLeftChecked] = useState<string[]>([]);
  const [rightChecked, setRightChecked] = useState<string[]>([]);
  const leftMoving = checkedLeaves(left, leftChecked);
  const rightMoving = checkedLeaves(right, rightChecked);
  return (
    <div className="wb-transfer" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <TransferSide title={titles[0]} nodes={left} checked={leftChecked} onCheck={setLeftChecked} disabled={disabled} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <Button
          aria-label={`${TRANSFER_LABELS.toRight}${titles[1]}`} icon={<RightOutlined />} type="primary" size="small"
          disabled={disabled || leftMoving.length === 0}
          onClick={() => { onChange?.(moveRight(dataSource, chosen, leftMoving)); setLeftChecked([]); }}
        />
        <Button
          aria-label={`${TRANSFER_LABELS.toLeft}${titles[1]}`} icon={<LeftOutlined />} type="primary" size="small"
          disabled={disabled || rightMoving.length === 0}
          onClick={() => { onChange?.(moveLeft(chosen, rightMoving)); setRightChecked([]); }}
        />
      </div>
      <TransferSide title={titles[1]} nodes={right} checked={rightChecked} onCheck={setRightChecked} disabled={disabled} />
    </div>
  );
}

export interface AddressTransferProps {
  /** The people to choose from: a list or a tree (e.g. by department); leaf keys are e-mail addresses. */
  dataSource: TransferNode[];
  /** Who is in 收件人 (to), 抄送人 (cc) and 密送人 (bcc). */
  value?: Partial<AddressValue> | null;
  onChange?(value: AddressValue): void;
  /** Title of the people list. */
  title?: string;
  disabled?: boolean;
}

/**
 * The address-list transfer (spec 001 §2 screen 10): people on the left, three target lists
 * 收件人, 抄送人 and 密送人 on the right, each with 清空 and a remove button per person.
 */
export function AddressTransfer({ dataSource, value, onChange, title: given, disabled }: AddressTransferProps) {
  const tr = useTr();
  const title = given ?? tr('通讯录');
  const current = normaliseAddressValue(value);
  const taken = new Set(addressedKeys(current));
  const left = filterTree(dataSource, (k) => !taken.has(k));
  const titles = useMemo(() => new Map(leavesOf(dataSource).map((n) => [n.key, n.title])), [dataSource]);
  const [checked, setChecked] = useState<string[]>([]);
  const moving = checkedLeaves(left, checked);
  const add = (target: AddressTarget) => { onChange?.(addTo(current, target, moving)); setChecked([]); };
  return (
    <div className="wb-transfer wb-address-transfer" style={{ display: 'flex', gap: 12 }}>
      <TransferSide title={title} nodes={left} checked={checked} onCheck={setChecked} disabled={disabled} />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 8, minWidth: 220 }}>
        {ADDRESS_TARGETS.map((t) => (
          <section key={t.key} aria-label={t.label} style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
            <header style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 8px', borderBottom: '1px solid #f0f0f0' }}>
              <Button
                aria-label={`${TRANSFER_LABELS.toRight}${t.label}`} icon={<RightOutlined />} type="primary" size="small"
                disabled={disabled || moving.length === 0} onClick={() => add(t.key)}
              />
              <span style={{ flex: 1 }}>{tr('{label}（{n}）', { label: tr(t.label), n: current[t.key].length })}</span>
              <Button
                size="small" type="link" aria-label={`${TRANSFER_LABELS.clear}${t.label}`}
                disabled={disabled || current[t.key].length === 0} onClick={() => onChange?.(clearTarget(current, t.key))}
              >
                {tr(TRANSFER_LABELS.clear)}
              </Button>
            </header>
            <ul role="list" style={{ listStyle: 'none', margin: 0, padding: 4, minHeight: 56, maxHeight: 120, overflow: 'auto' }}>
              {current[t.key].map((key) => {
                const name = titles.get(key) ?? key;
                return (
                  <li key={key} style={{ display: 'flex', alignItems: 'center', padding: '2px 4px' }}>
                    <span style={{ flex: 1 }}>{name}</span>
                    <Button
                      size="small" type="text" icon={<CloseOutlined />} aria-label={`${TRANSFER_LABELS.remove}${name}`}
                      disabled={disabled} onClick={() => onChange?.(removeFrom(current, t.key, key))}
                    />
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

export type TransferListProps = ({ mode?: 'tree' } & TreeTransferProps) | ({ mode: 'address' } & AddressTransferProps);

/** The transfer list of spec 001 screen 10 in either mode: two trees (default) or the address list. */
export function TransferList(props: TransferListProps) {
  if (props.mode === 'address') {
    const { mode: _mode, ...rest } = props;
    return <AddressTransfer {...rest} />;
  }
  const { mode: _mode, ...rest } = props;
  return <TreeTransfer {...rest} />;
}
