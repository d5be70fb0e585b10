import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { vi } from 'vitest';
import { ControlsProvider, RuntimeProvider, defaultControls, withControls, type CellProps, type RuntimeRequest, type RuntimeServices } from '../../runtime';
import type { HistoryEntry } from '../../schema/design-history';
import type { DeclaredColumnTypes } from '../../schema/field-definition';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import type { DraftRecord } from '../engine/attribute-draft';
import { FormatDesignPage } from './form-designer-page';

/**
 * The form designer's page over a mocked API, for its screen tests (form-designer.test.tsx,
 * property-panel.test.tsx): a two-field FORM of the table fd_truck, its draft, history and columns.
 */
export const template = (): Template => parseTemplate({
  formatName: '车辆', formatCode: 'fd_truck_form', formatType: 'FORM', customTable: 'fd_truck', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  formSubList: [
    { fieldName: 'plateNo', fieldExplain: '车牌号', customTable: 'fd_truck', formSubmitType: 'ONE_TXT', fieldType: 'CHAR' },
    { fieldName: 'driver', fieldExplain: '司机', customTable: 'fd_truck', formSubmitType: 'ONE_TXT', fieldType: 'CHAR' },
  ],
});

export const record = (draft: Template, version = 3, columnTypes?: DeclaredColumnTypes): DraftRecord => ({
  id: 9, formatCode: 'fd_truck_form', formatName: '车辆', formatType: 'FORM', customTable: 'fd_truck', tableExplain: '车辆',
  version, changed: false, publishedAt: null, publishedBy: null, draft, ...(columnTypes ? { columnTypes } : {}),
});

const columns = [
  { fieldName: 'plateNo', fieldDbName: 'plate_no', fieldExplain: '车牌号', fieldType: 'CHAR' },
  { fieldName: 'driver', fieldDbName: 'driver', fieldExplain: '司机', fieldType: 'CHAR' },
  { fieldName: 'tare', fieldDbName: 'tare', fieldExplain: '皮重', fieldType: 'NUMBER' },
];

/** A text cell of our own: proves the canvas draws with the map the provider hands down. */
function MarkedCell({ field, value }: CellProps) {
  return <span data-testid="own-cell">{`[${field.fieldName}]${value === null || value === undefined ? '' : String(value)}`}</span>;
}

/** The stored templates the list endpoint answers (filtered by formatType as the server does): this form and two popups. */
export const FORMATS = [
  { id: 9, formatCode: 'fd_truck_form', formatName: '车辆', formatType: 'FORM' },
  { id: 12, formatCode: 'as_material_resource', formatName: '物料弹窗', formatType: 'RESOURCE' },
  { id: 13, formatCode: 'as_vendor_resource', formatName: '供应商弹窗', formatType: 'RESOURCE' },
] as const;

export interface Options {
  draft?: Template; history?: HistoryEntry[]; put?(body: Record<string, unknown>, n: number): unknown; latest?: DraftRecord;
  /** The column types the data sources declare, sent with the draft (none: the fields' own marks decide). */
  columnTypes?: DeclaredColumnTypes;
  /** The host's translation (English mode); none: the designer's own Chinese. */
  translate?: RuntimeServices['translate'];
}

export function setup(options: Options = {}) {
  const calls: RuntimeRequest[] = [];
  let puts = 0;
  const request = vi.fn(async (o: RuntimeRequest) => {
    calls.push(o);
    if (o.method === 'PUT') { puts += 1; return options.put ? options.put(o.body as Record<string, unknown>, puts) : { version: 3 + puts, changed: true }; }
    if (o.url === '/optimus_prime/cg-format/draft/9') return structuredClone(puts && options.latest ? options.latest : record(options.draft ?? template(), 3, options.columnTypes));
    if (o.url === '/optimus_prime/cg-format/list') {
      const { formatType, pn = '1', ps = '20' } = (o.query ?? {}) as Record<string, string | number>;
      const all = FORMATS.filter((f) => !formatType || f.formatType === formatType);
      return { list: structuredClone(all.slice((Number(pn) - 1) * Number(ps), Number(pn) * Number(ps))), total: all.length };
    }
    const other = /^\/optimus_prime\/cg-format\/draft\/(\d+)$/.exec(o.url);
    if (other) {
      const found = FORMATS.find((f) => f.id === Number(other[1]));
      if (!found) throw Object.assign(new Error('模板不存在'), { status: 404 });
      return { ...structuredClone(found), version: 1, changed: false, customTable: null, tableExplain: null, publishedAt: null, publishedBy: null, draft: {} };
    }
    if (o.url === '/optimus_prime/cg-format/history/9') return { version: 3, entries: structuredClone(options.history ?? []) };
    if (o.url === '/optimus_prime/cg-custom-table/list') return { list: [{ id: 4, tableName: 'fd_truck', tableExplain: '车辆', kind: 'MASTER', parentTable: null }], total: 1 };
    if (o.url === '/optimus_prime/cg-custom-table/detail/4') return { id: 4, tableName: 'fd_truck', tableExplain: '车辆', parentKey: null, tableSubList: columns };
    if (o.url === '/material/fd-truck/list') return { list: [{ id: 5, plateNo: '蒙A12345' }], total: 1 };
    if (o.url === '/material/fd-truck/detail/5') return { id: 5, plateNo: '蒙A12345', driver: '王强' };
    throw new Error(`unexpected call ${o.method ?? 'GET'} ${o.url}`);
  }) as unknown as RuntimeServices['request'];
  const services: RuntimeServices = { request, download: vi.fn(), hasPermission: () => true, desensitize: false, translate: options.translate };
  const controls = withControls(defaultControls, { Input: { Cell: MarkedCell } });
  render(
    <AntApp>
      <RuntimeProvider value={services}>
        <ControlsProvider controls={controls}><FormatDesignPage id={9} /></ControlsProvider>
      </RuntimeProvider>
    </AntApp>,
  );
  return { calls, user: userEvent.setup() };
}

export const card = (fieldName: string) => document.querySelector(`.wb-fd-field[data-field="${fieldName}"]`) as HTMLElement;
export const live = () => document.querySelector('.wb-fd-live')!.textContent;
export const puts = (calls: RuntimeRequest[]) => calls.filter((c) => c.method === 'PUT');
