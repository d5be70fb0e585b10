import { SearchOutlined } from '@ant-design/icons';
import { App as AntApp, Collapse, Empty, Input, Skeleton, Space, Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { quickSearchCondition, sortEntries } from '../../schema/search';
import { WEIGH_RECORD_TABLES, weighReasonProblem } from '../../schema/weigh';
import type { FieldDefinition } from '../../schema/field-definition';
import type { Template, TemplateButton } from '../../schema/template';
import { formatValue } from '../../schema/value-formats';
import type { FormRequest } from '../form/form-dialog';
import { untranslated, useRuntime, useTr, type HeldAnswer, type Tr } from '../runtime-context';
import { AdvancedQuery } from './advanced-query';
import { DetailPopup, OnceOpened, PicturesViewer, TemplateFormDialog, WeighCorrectDialog, usePreloadDialogs } from './list-dialogs';
import { ButtonGroup } from './button-group';
import { ExportProgressBar } from './export-progress';
import { listColumns, type Row } from './list-columns';
import { usePlainCells } from './plain-cells';
import { useControls } from '../controls';
import { HorizontalWindow, VIRTUAL_ROW_COMPONENTS } from './virtual-row';
import { ListTree } from './list-tree';
import { ROW_ACTIONS, resourceBase, selectionProblem } from './list-actions';
import { SELECTION_COLUMN_WIDTH, useRowSelection } from './row-selection';
import { isPendingRow, pendingIndex, rowKeyOf, useListData } from './use-list-data';
import { advancedStart } from './opening-call';
import { onResourceSaved } from './list-events';
import { useExport } from './use-export';
import { EChart } from '../widgets/echart';
import { chartOption, type ReportChart } from '../../schema/report-chart';
import { templateRequest } from '../template-request';

/** 动态报表: the template's chart over the rows the list shows (ECharts, loaded with the first chart). */
export function ReportChartView({ chart, rows, fields, title }: { chart: ReportChart; rows: Row[]; fields: readonly FieldDefinition[]; title: string }) {
  const option = useMemo(() => chartOption(chart, rows, fields), [chart, rows, fields]);
  return (
    <div className="wb-report-chart">
      {chart.title && <div className="wb-report-chart-title">{chart.title}</div>}
      <EChart option={option} label={chart.title || title} height={280} />
    </div>
  );
}

export const PAGE_SIZES = [10, 20, 40, 80, 100];
/** Pages of more rows than this use the antd table's virtual mode. */
export const VIRTUAL_ROWS = 200;

/** Labels of the statistics block's known totals (spec 000 §2.4). */
export const STATISTIC_LABELS: Record<string, string> = { countSa: '单据数', preQuantity: '预装量', deSuttle: '实发量' };

/**
 * The statistics block: every tongji entry, labelled by its field (合计) or the known totals, formatted
 * like its column; the runtime's own words through `tr` when given.
 */
export function statisticsEntries(
  tongji: Record<string, unknown> | null | undefined, fields: readonly FieldDefinition[], tr: Tr = untranslated,
): { key: string; label: string; value: string }[] {
  if (!tongji) return [];
  return Object.entries(tongji).filter(([, v]) => v !== null && v !== undefined).map(([key, value]) => {
    const field = fields.find((f) => f.fieldName === key);
    const label = field ? tr('{label}合计：', { label: field.fieldExplain }) : tr('{label}：', { label: STATISTIC_LABELS[key] ? tr(STATISTIC_LABELS[key]) : key });
    return { key, label, value: formatValue(field?.cgValFormat?.valFormatFun, value) };
  });
}

/** Buttons that open the record form: 新增, 修改 (one selected row), 复制 (a new record from one). */
const FORM_ACTIONS: Record<string, FormRequest['mode']> = { add: 'create', edit: 'update', copy: 'create1' };

/** A list page generated from the LIST template of a menu entry (spec 000 §2.4). */
export function TemplateListPage({ menuId, onOpen, formActions = true, refresh, pagePath, preset }: {
  menuId: number | string; onOpen?(button: TemplateButton, rows: Row[]): void; formActions?: boolean; refresh?: number;
  /** Advanced-query values the list starts with (e.g. `{ status: 'FREE' }` from a 待办 link), shown in the panel. */
  preset?: Record<string, string>;
  /** The list's route (`…/index`): a template with formPage opens its form at `…/edit` and `…/viewEdit`. */
  pagePath?: string;
}) {
  const { request, answered } = useRuntime();
  // the template the shell asked for early, if it has come: the list draws at once, without a skeleton first
  const held = useRef<HeldAnswer<Template> | undefined>(undefined);
  const [template, setTemplate] = useState<Template | null>(() => {
    held.current = answered?.<Template>(templateRequest('LIST', menuId));
    return held.current?.value ?? null;
  });
  const [missing, setMissing] = useState(false);
  const drawnWith = useRef(template ? menuId : null);
  useEffect(() => {
    // drawn with the host's answer: used up now that the page is on screen
    if (drawnWith.current === menuId) { drawnWith.current = null; held.current?.take(); held.current = undefined; return; }
    let live = true;
    request<Template>(templateRequest('LIST', menuId))
      .then((t) => { if (live) setTemplate(t); })
      .catch(() => { if (live) setMissing(true); });
    return () => { live = false; };
  }, [menuId, request]);
  if (missing) return <NoTemplate />;
  if (!template) return <Skeleton active />;
  return <TemplateList key={JSON.stringify(preset ?? {})} template={template} menuId={formActions ? menuId : undefined} onOpen={onOpen} refresh={refresh} pagePath={pagePath} preset={preset} />;
}

/** A row of a windowed page whose block has not come yet: asks for the block once it is drawn (scrolled into view). */
function PendingRow({ index, need }: { index: number; need(index: number): void }) {
  const tr = useTr();
  useEffect(() => need(index), [index, need]);
  return <span className="wb-row-pending">{tr('加载中…')}</span>;
}

/** The one message of a menu entry without a (published) template, wherever it shows. */
export const NO_TEMPLATE = '该菜单尚未配置模板，请联系管理员在模板设计中配置';
export function NoTemplate() {
  const tr = useTr();
  return <Empty className="wb-template-free" description={tr(NO_TEMPLATE)} />;
}

/** `refresh`: the host bumps it after changing rows itself (the list reloads, keeping its search and page). */
export function TemplateList({ template, menuId, onOpen, refresh, pagePath, preset }: {
  template: Template; menuId?: number | string; onOpen?(button: TemplateButton, rows: Row[]): void; refresh?: number; pagePath?: string;
  preset?: Record<string, string>;
}) {
  const { request, desensitize, openPage } = useRuntime();
  const tr = useTr();
  const { message, modal } = AntApp.useApp();
  const fields = useMemo(() => template.listSubList ?? [], [template]);
  const start = useMemo(() => advancedStart(fields, new Date(), preset), [fields, preset]);
  const { query, setQuery, data, loading, reload, need } = useListData(template, start.conditions);
  const [quickText, setQuickText] = useState('');
  const [detailRow, setDetailRow] = useState<number | null>(null);
  // cells draw tags and the selection box as plain elements: a scrolled long list mounts every row it shows
  const plain = usePlainCells();
  const controls = useControls();
  // once the first answer has come (it stays true: the effect then runs once)
  const [answered, setAnswered] = useState(false);
  if (!loading && !answered) setAnswered(true);
  usePreloadDialogs(answered);
  const columns = useMemo(() => listColumns(fields, desensitize, {
    onOpen: (row) => { if (template.detailId) setDetailRow(row.id); },
    tag: plain.tag, sortIcon: plain.sortIcon, tr, controls,
  }), [fields, desensitize, template.detailId, plain.tag, plain.sortIcon, tr, controls]);
  // a windowed page's rows whose block has not come: empty cells, the first asking for its block
  const shownColumns = useMemo(() => columns.map((c, i) => ({
    ...c,
    render: (value: unknown, row: Row, index: number) => isPendingRow(row) ? (i === 0 ? <PendingRow index={pendingIndex(row)} need={need} /> : null) : c.render!(value, row, index),
  })), [columns, need]);
  // the left tree filters by the list field whose effectField names the tree row's field
  const treeField = fields.find((f) => f.effectField);
  const withTree = !!template.treeResUrl;
  const chooseNode = useCallback((row: Record<string, unknown> | null) => {
    setQuery((q) => ({
      ...q, pn: 1,
      tree: row && treeField ? { key: treeField.fieldName, op: treeField.op === 'like' || treeField.op === 'lk' ? 'like' : 'eq', val: row[treeField.effectField ?? 'id'] as string, keyId: treeField.id ?? null, customTable: treeField.customTable ?? null } : null,
    }));
  }, [setQuery, treeField]);
  // the row boxes: the list's own column, not antd's rowSelection (see useRowSelection)
  const selection = useRowSelection(data.list, plain, tr, columns[0]?.fixed === 'left');
  const clearSelection = selection.clear;
  const tableColumns = useMemo(() => [selection.column, ...shownColumns], [selection.column, shownColumns]);
  const virtual = data.list.length > VIRTUAL_ROWS;
  const tableWidth = useMemo(() => columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0) + SELECTION_COLUMN_WIDTH, [columns]);
  const statistics = useMemo(() => statisticsEntries(data.tongji, fields, tr), [data.tongji, fields, tr]);
  const quickFields = fields.filter((f) => f.iallowQuery);
  const totals = fields.filter((f) => f.itotal && f.ishow !== false && !f.ihidden);
  const firstHasTotal = columns.length > 0 && totals.some((f) => f.fieldName === columns[0].key);
  const exporter = useExport(template, query);
  const [formRequest, setFormRequest] = useState<FormRequest | null>(null);
  const [picturesOf, setPicturesOf] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<Row | null>(null);
  useEffect(() => {
    if (refresh) { clearSelection(); void reload(); }
  }, [refresh]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new refresh number reloads
  const closeForm = useCallback(() => setFormRequest(null), []);
  const base = resourceBase(template.resUrl ?? '');
  // a save in the resource's edit page (another tab) reloads this list in place
  useEffect(() => onResourceSaved(base, () => { clearSelection(); void reload(); }), [base, reload, clearSelection]);
  const formPage = template.formPage && pagePath && openPage ? pagePath.replace(/\/index$/, '') : null;

  const runAction = async (button: TemplateButton) => {
    const selected = selection.selected();
    if (button.action === 'export') return exporter.start(selected.map((r) => r.id));
    const problem = selectionProblem(button, selected);
    if (problem) return void message.warning(tr(problem));
    const action = ROW_ACTIONS[button.action];
    if (button.action === 'pics') return setPicturesOf(selected[0].id);
    if (button.action === 'weighCorrect') return setCorrecting(selected[0]);
    if (!action && formPage && (FORM_ACTIONS[button.action] || button.action === 'view')) {
      // the document opens in its edit page: …/edit?type=create|update|create1&id=…, or …/viewEdit?id=…
      const id = selected[0]?.id;
      if (button.action === 'view') return openPage!(`${formPage}/viewEdit?id=${id}`);
      const mode = FORM_ACTIONS[button.action];
      return openPage!(mode === 'create' ? `${formPage}/edit?type=create` : `${formPage}/edit?type=${mode}&id=${id}`);
    }
    if (!action && menuId !== undefined && FORM_ACTIONS[button.action]) {
      const mode = FORM_ACTIONS[button.action];
      return setFormRequest(mode === 'create' ? { mode } : { mode, rowId: selected[0].id });
    }
    if (!action) return onOpen?.(button, selected);
    const go = async (reason?: string) => {
      if (action.perRow) {
        for (const row of selected) await request({ method: action.method, url: `${resourceBase(template.resUrl ?? '')}/${action.path}/${row.id}` });
      } else {
        await request({ method: action.method, url: `${resourceBase(template.resUrl ?? '')}/${action.path}`, body: action.noSelection ? {} : { ids: selected.map((r) => r.id), ...(reason === undefined ? {} : { reason }) } });
      }
      message.success(tr(action.success));
      clearSelection();
      await reload();
    };
    if (!action.confirm) return void go().catch(() => undefined);
    if (button.action === 'del' && WEIGH_RECORD_TABLES.includes(template.customTable ?? '')) {
      // a weigh record's delete names its reason (kept with the old values in the operation log)
      let reason = '';
      return void modal.confirm({
        title: tr('提示'), okText: tr('确定'), cancelText: tr('取消'), type: 'warning',
        content: <>{tr(action.confirm)}<Input.TextArea aria-label="删除原因" placeholder={tr('删除原因')} maxLength={200} style={{ marginTop: 8 }} onChange={(e) => { reason = e.target.value; }} /></>,
        onOk: () => {
          const problem = weighReasonProblem(reason, '删除');
          if (problem) { message.warning(tr(problem)); return Promise.reject(new Error(problem)); }
          return go(reason.trim()).catch(() => undefined);
        },
      });
    }
    modal.confirm({ title: tr('提示'), content: tr(action.confirm), okText: tr('确定'), cancelText: tr('取消'), type: 'warning', onOk: () => go().catch(() => undefined) });
  };

  return (
    <div className={`wb-list-page${withTree ? ' wb-list-with-tree' : ''}`}>
      {withTree && <ListTree template={template} onChoose={chooseNode} />}
      <div className="wb-list-main">
      <Space className="wb-list-toolbar" wrap>
        <ButtonGroup buttons={template.buttons ?? []} onAction={runAction} />
        {exporter.progress && <ExportProgressBar progress={exporter.progress} columns={columns.length} />}
        {quickFields.length > 0 && (
          <Input.Search
            allowClear value={quickText} onChange={(e) => setQuickText(e.target.value)} enterButton={<SearchOutlined />}
            placeholder={tr('请输入{fields}', { fields: quickFields.map((f) => f.fieldExplain).join('/') })} style={{ width: 320 }} aria-label="快速查询"
            onSearch={(text) => setQuery((q) => ({ ...q, pn: 1, quick: quickSearchCondition(quickFields.map((f) => ({ fieldName: f.fieldName, id: f.id, customTable: f.customTable })), text) }))}
          />
        )}
      </Space>
      {fields.some((f) => f.iallowAdvanceQuery) && (
        <Collapse
          size="small" className="wb-advanced"
          items={[{ key: 'q', label: tr('高级查询'), children: (
            <AdvancedQuery fields={fields} initial={start.values} onSearch={(advanced) => setQuery((q) => ({ ...q, pn: 1, advanced }))} onReset={() => setQuery((q) => ({ ...q, pn: 1, advanced: start.conditions }))} />
          ) }]}
        />
      )}
      {template.chart && <ReportChartView chart={template.chart} rows={data.list} fields={fields} title={template.formatName} />}
      {statistics.length > 0 && (
        <div className="wb-statistics" aria-label="统计">
          {statistics.map((e) => <span key={e.key} className="wb-statistic"><span className="wb-statistic-label">{e.label}</span>{e.value}</span>)}
        </div>
      )}
      {/* a virtual table's rows draw only the cells of the columns on screen */}
      <HorizontalWindow>
        <Table<Row>
          rowKey={rowKeyOf} size="small" bordered loading={loading} columns={tableColumns} dataSource={data.list} rowClassName={selection.rowClassName}
          // a virtual table needs a numeric width: 'max-content' would make it measure every scrolled-in row
          scroll={{ x: virtual ? tableWidth : 'max-content', y: Math.max(240, Math.round(window.innerHeight * 0.62 - 100)) }}
          virtual={virtual} components={virtual ? VIRTUAL_ROW_COMPONENTS : undefined}
          // the sort carets carry their next step as a title (plain.sortIcon): no tooltip per sortable header
          showSorterTooltip={false}
          onRow={(record) => ({ onDoubleClick: () => { if (template.detailId && !isPendingRow(record)) setDetailRow(record.id); } })}
          pagination={{
            current: query.pn, pageSize: query.ps, total: data.total, pageSizeOptions: PAGE_SIZES, showSizeChanger: true,
            showTotal: (total) => tr('共 {n} 条', { n: total }),
          }}
          onChange={(pagination, _filters, sorter) => {
            const sorters = (Array.isArray(sorter) ? sorter : [sorter]) as SorterResult<Row>[];
            setQuery((q) => ({
              ...q,
              pn: pagination.pageSize !== q.ps ? 1 : pagination.current ?? 1,
              ps: pagination.pageSize ?? q.ps,
              sort: sortEntries(sorters.filter((s) => s.order && s.columnKey).map((s) => ({ field: String(s.columnKey), order: s.order ?? null })), fields),
            }));
          }}
          summary={() => totals.length === 0 ? null : (
            <Table.Summary fixed>
              <Table.Summary.Row>
                {/* 合计 in the selection column is two characters wider than it: it takes the first column too when that has no total */}
                <Table.Summary.Cell index={0} colSpan={firstHasTotal ? 1 : 2}>{tr('合计')}</Table.Summary.Cell>
                {columns.map((c, i) => {
                  if (i === 0 && !firstHasTotal) return null;
                  const total = totals.find((f) => f.fieldName === c.key);
                  const value = total ? data.tongji?.[total.fieldName] : undefined;
                  return <Table.Summary.Cell key={String(c.key)} index={i + 1} align="right">{value === undefined || value === null ? '' : formatValue(total?.cgValFormat?.valFormatFun, value)}</Table.Summary.Cell>;
                })}
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      </HorizontalWindow>
      </div>
      {menuId !== undefined && (
        <OnceOpened open={formRequest !== null}>
          <TemplateFormDialog menuId={menuId} base={base} request={formRequest} onClose={closeForm} onSaved={() => { clearSelection(); void reload(); }} />
        </OnceOpened>
      )}
      <OnceOpened open={picturesOf !== null}><PicturesViewer base={base} rowId={picturesOf} onClose={() => setPicturesOf(null)} /></OnceOpened>
      <OnceOpened open={correcting !== null}>
        <WeighCorrectDialog base={base} row={correcting} onClose={() => setCorrecting(null)} onSaved={() => { setCorrecting(null); clearSelection(); void reload(); }} />
      </OnceOpened>
      {plain.styles}
      {template.detailId && <OnceOpened open={detailRow !== null}><DetailPopup detailId={template.detailId} rowId={detailRow} onClose={() => setDetailRow(null)} /></OnceOpened>}
    </div>
  );
}
