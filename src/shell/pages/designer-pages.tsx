import { Result } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { DatasourcePage, FormatDesignPage, FormatListPage, ListDesignerPage, PickerDesignerPage } from '../../designer';
import { usePageActive } from '../layout/kept-page';

/** 模板设计: reloads its list whenever its tab comes back on screen. */
export function FormatListHost() {
  return <FormatListPage active={usePageActive()} />;
}

/**
 * 模板属性配置 (`/custom/format/form/sub?id=…`): the template its address asked for when it was last
 * on screen (a hidden tab keeps it, like the edit pages).
 */
export function FormatFieldsHost({ path }: { path: string }) {
  const location = useLocation();
  const active = usePageActive();
  const [search, setSearch] = useState(location.search);
  useEffect(() => { if (active && location.pathname === path) setSearch(location.search); }, [active, location.pathname, location.search, path]);
  const id = Number(new URLSearchParams(search).get('id'));
  if (!Number.isInteger(id) || id < 1) return <Result status="warning" title="缺少模板编号（id）" />;
  return <FormatDesignPage key={id} id={id} />;
}

/** 数据源 (`/custom/table`). */
export function DatasourceHost() {
  return <DatasourcePage />;
}

/** The `id` of a sub page's address when it was last on screen (a hidden tab keeps its template). */
function useShownId(path: string): number {
  const location = useLocation();
  const active = usePageActive();
  const [search, setSearch] = useState(location.search);
  useEffect(() => { if (active && location.pathname === path) setSearch(location.search); }, [active, location.pathname, location.search, path]);
  return Number(new URLSearchParams(search).get('id'));
}

/** 列表设计 (`/custom/format/form/sub/dt?id=…`). */
export function ListDesignerHost({ path }: { path: string }) {
  const id = useShownId(path);
  if (!Number.isInteger(id) || id < 1) return <Result status="warning" title="缺少模板编号（id）" />;
  return <ListDesignerPage key={id} id={id} />;
}

/** 弹窗设计 (`/custom/format/form/factor?id=…`). */
export function PickerDesignerHost({ path }: { path: string }) {
  const id = useShownId(path);
  if (!Number.isInteger(id) || id < 1) return <Result status="warning" title="缺少模板编号（id）" />;
  return <PickerDesignerPage key={id} id={id} />;
}
