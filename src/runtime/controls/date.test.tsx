import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inTimeZone } from '../../../tests/support/time-zone';
import type { FieldDefinition } from '../../schema/field-definition';
import type { FormMode } from '../../schema/form-schema';
import type { Template } from '../../schema/template';
import { DynamicForm, useTemplateForm } from '../form/dynamic-form';
import { DetailView } from '../list/detail-popup';
import { renderCell } from '../list/list-columns';
import { RuntimeProvider, type RuntimeServices } from '../runtime-context';
import { defaultControls } from '.';

// 采购通知单's 开始日期 as the server sends it: 2026-12-05 (Shanghai) is 2026-12-04 16:00 UTC
inTimeZone('Asia/Shanghai');
afterEach(cleanup);

const BEGIN = '2026-12-04T16:00:00.000Z';
const GROSS = '2026-12-04T01:30:00.000Z';
const beginDate: FieldDefinition = { fieldName: 'beginDate', fieldExplain: '开始日期', fieldType: 'DATE', formSubmitType: 'DATA_BOX', seq: 10 };
const grossTime: FieldDefinition = { fieldName: 'grossTime', fieldExplain: '毛重时间', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', seq: 20 };
const template: Pick<Template, 'formatStyle' | 'formSubList'> = { formatStyle: 'FORMAT_FOUR_COLUMN_FROM', formSubList: [beginDate, { ...grossTime, iupdate: false }] };

const services: RuntimeServices = { request: vi.fn() as RuntimeServices['request'], download: vi.fn(), hasPermission: () => true, desensitize: false };
const wrap = (children: React.ReactNode) => (
  <ConfigProvider locale={zhCN}><AntApp><RuntimeProvider value={services}>{children}</RuntimeProvider></AntApp></ConfigProvider>
);

function Form({ mode }: { mode: FormMode }) {
  const handle = useTemplateForm(template, mode, { now: new Date() }, { beginDate: BEGIN, grossTime: GROSS });
  return <DynamicForm handle={handle} buttons={false} />;
}
const box = (name: string) => document.querySelector<HTMLInputElement>(`input[data-field="${name}"]`)!;

describe('a stored date in the form, the list and the detail: local time (Asia/Shanghai)', () => {
  it('修改 shows 开始日期 as the day picked (not the UTC evening before), before and after the pointer wakes the picker', () => {
    render(wrap(<Form mode="update" />));
    expect(box('beginDate').value).toBe('2026-12-05');
    // 毛重时间 cannot be changed: antd's own picker from the start
    expect(box('grossTime').disabled).toBe(true);
    expect(box('grossTime').value).toBe('2026-12-04 09:30:00');
    // the pointer puts antd's picker in place of the stand-in: it shows the same day
    fireEvent.pointerEnter(box('beginDate').closest('.ant-picker')!);
    expect(box('beginDate').value).toBe('2026-12-05');
  });

  it('the read-only view shows the same day and time', () => {
    const view = render(wrap(<Form mode="view" />));
    expect(view.container.textContent).toContain('2026-12-05');
    expect(view.container.textContent).toContain('2026-12-04 09:30:00');
    expect(view.container.textContent).not.toContain('16:00:00');
  });

  it('the list and the detail show a day as its date alone and a moment as date and time', () => {
    render(wrap(<>{renderCell(beginDate, BEGIN, false)}|{renderCell(grossTime, GROSS, false)}</>));
    expect(document.body.textContent).toBe('2026-12-05|2026-12-04 09:30:00');
    cleanup();
    render(wrap(<DetailView template={{ ...template, formSubList: [beginDate, grossTime] } as Template} row={{ id: 1, beginDate: BEGIN, grossTime: GROSS }} />));
    expect(screen.getByText('2026-12-05')).toBeTruthy();
    expect(screen.getByText('2026-12-04 09:30:00')).toBeTruthy();
  });

  it('a child table\'s date cell shows the local day', () => {
    const { Cell, ReadCell } = defaultControls.Date;
    const common = { status: undefined, onBlur: vi.fn(), 'data-cell': 'beginDate', style: { width: '100%' } };
    render(wrap(<><Cell field={beginDate} value={BEGIN} row={{} as never} set={vi.fn()} check={vi.fn()} common={common} tr={(t) => t} /><ReadCell field={beginDate} value={BEGIN} /></>));
    expect(document.querySelector<HTMLInputElement>('input[data-cell="beginDate"]')!.value).toBe('2026-12-05');
    expect(document.querySelector('span[data-cell="beginDate"]')!.textContent).toBe('2026-12-05');
  });
});
