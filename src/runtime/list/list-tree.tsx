import { Empty, Input, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PICKER_MESSAGES, filterTree, findTreeNode, toTreeData, treeNodes, type PickerTreeNode } from '../../schema/picker';
import type { Template } from '../../schema/template';
import { useRuntime, useTr } from '../runtime-context';

/** The tree filter waits this long after typing (spec 000 §9). */
export const TREE_FILTER_DELAY_MS = 200;

/**
 * The list page's left tree (spec 000 §2.4): loaded from the template's treeResUrl, with a filter
 * box; choosing a node hands its row to the list (choosing it again clears the choice).
 */
export function ListTree({ template, onChoose }: { template: Template; onChoose(row: Record<string, unknown> | null): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const [nodes, setNodes] = useState<PickerTreeNode[]>([]);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (!template.treeResUrl) return;
    let live = true;
    request<unknown>({ method: template.treeResMethod ?? 'GET', url: template.treeResUrl, quiet: true })
      .then((answer) => { if (live) setNodes(treeNodes(answer, null)); })
      .catch(() => undefined);
    return () => { live = false; };
  }, [template.treeResUrl, template.treeResMethod, request]);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text), TREE_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  return (
    <aside className="wb-list-tree" aria-label="分类树">
      <Input allowClear placeholder={tr(PICKER_MESSAGES.treeFilter)} value={text} onChange={(e) => setText(e.target.value)} />
      {shown.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
        <Tree
          blockNode key={keyword ? `f:${keyword}` : 'all'} defaultExpandAll={!!keyword} defaultExpandedKeys={shown.map((n) => n.key)}
          treeData={toTreeData(shown)} selectedKeys={selected}
          onSelect={(keys) => {
            const key = keys.length ? String(keys[0]) : null;
            setSelected(key ? [key] : []);
            onChoose(key ? findTreeNode(nodes, key)?.row ?? null : null);
          }}
        />
      )}
    </aside>
  );
}
