import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { propertiesFor, propertyFormSchema } from '../../schema/control-properties';
import { CONTROL_KINDS, type FieldDefinition } from '../../schema/field-definition';
import { FORM_COMPONENTS, componentOf } from '../../schema/form-controls';
import type { Template } from '../../schema/template';
import { ChildTable, createChildStore } from '../form/child-table';
import { DynamicForm, useTemplateForm } from '../form/dynamic-form';
import { renderCell } from '../list/list-columns';
import { TemplateList } from '../list/template-list-page';
import { RuntimeProvider, type RuntimeServices } from '../runtime-context';
import { ControlsProvider, defaultControls, kindChoices, paletteOf, viewControlOf, withControls, type CellProps } from '.';

afterEach(cleanup);

/** A replacement text control: upper-cases what is typed, and shows values in brackets. */
function ShoutingField({ value, onChange }: { value?: string | null; onChange?(value: string): void }) {
  return <input data-testid="shouting" value={value ?? ''} onChange={(e) => onChange?.(e.target.value.toUpperCase())} />;
}
function ShoutingCell({ field, value, set }: CellProps) {
  return <input data-testid={`shouting-cell-${field.fieldName}`} value={(value as string | null) ?? ''} onChange={(e) => set(e.target.value.toUpperCase())} />;
}
const shouting = withControls(defaultControls, {
  Input: { Field: ShoutingField as never, Cell: ShoutingCell, view: (_f, value) => <b className="shouted">《{String(value ?? '')}》</b> },
});

const services: RuntimeServices = {
  request: vi.fn(async () => ({ list: [{ id: 1, driverName: '王强', phone: '13800000000' }], total: 1, tongji: null })) as RuntimeServices['request'],
  download: vi.fn(),
  hasPermission: () => true,
  desensitize: false,
};

const form: Pick<Template, 'formatStyle' | 'formSubList'> = {
  formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  formSubList: [
    { fieldName: 'driverName', fieldExplain: '姓名', formSubmitType: 'ONE_TXT', seq: 10 },
    { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA', seq: 20 },
  ],
};
let values: Record<string, unknown> = {};
function Form() {
  const handle = useTemplateForm(form, 'create', { now: new Date() });
  values = handle.form.values as Record<string, unknown>;
  return <DynamicForm handle={handle} buttons={false} />;
}

describe('the control map', () => {
  it('has one descriptor per control name, and every control kind of a template is in the palette', () => {
    for (const name of FORM_COMPONENTS) expect(defaultControls[name].name).toBe(name);
    const kinds = new Set(paletteOf(defaultControls).map((p) => p.kind));
    expect(CONTROL_KINDS.filter((k) => !kinds.has(k))).toEqual([]);
    // a palette entry's defaults make a field of its own control
    for (const entry of paletteOf(defaultControls)) {
      expect(componentOf({ fieldName: 'x', fieldExplain: 'x', ...entry.defaults }), entry.label).toBe(entry.control);
      expect(entry.label).toMatch(/\p{Script=Han}/u);
    }
  });

  it('offers each kind once to choose from, named by every palette entry that makes it', () => {
    // the precondition: two entries make ONE_TXT (the column's type picks the text or the number box)
    expect(paletteOf(defaultControls).filter((p) => p.kind === 'ONE_TXT').map((p) => p.label)).toEqual(['单行文本', '数字']);
    const choices = kindChoices(defaultControls);
    expect(new Set(choices.map((c) => c.kind)).size).toBe(choices.length);
    expect(choices.map((c) => c.kind).sort()).toEqual([...new Set(paletteOf(defaultControls).map((p) => p.kind))].sort());
    expect(choices.find((c) => c.kind === 'ONE_TXT')!.labels).toEqual(['单行文本', '数字']);
  });

  it('offers a dialog property only for the fields that dialog configures', () => {
    const gross: FieldDefinition = { fieldName: 'gross', fieldExplain: '毛重', fieldType: 'NUMBER', formSubmitType: 'ONE_TXT' };
    const day: FieldDefinition = { fieldName: 'day', fieldExplain: '日期', fieldType: 'DATE', formSubmitType: 'DATA_BOX' };
    const names = (f: FieldDefinition, role: 'form' | 'child' | 'list') => propertiesFor(defaultControls[viewControlOf(f)].properties, f, { role }).map((p) => p.label);
    expect(names(gross, 'form')).toContain('计算方式');
    expect(names(gross, 'form')).not.toContain('选择时间');
    expect(names(gross, 'child')).toContain('合计');
    expect(names(gross, 'form')).not.toContain('合计');
    expect(names(day, 'form')).toContain('选择时间');
    expect(names(day, 'form')).not.toContain('默认值');
    const schema = propertyFormSchema(propertiesFor(defaultControls.Date.properties, day, { role: 'form' }));
    expect(schema.properties?.defaultValue).toMatchObject({ title: '选择时间', 'x-component': 'AttributeDialog', 'x-component-props': { kind: 'dateSpec' } });
    expect(schema.properties?.irequired).toMatchObject({ type: 'boolean', 'x-component': 'Switch', default: false });
    // 弹窗模板 is chosen among the popup (RESOURCE) templates, not typed as a number
    const vendor: FieldDefinition = { fieldName: 'vendor', fieldExplain: '供应商', fieldType: 'CHAR', formSubmitType: 'RESOURCE_CONTROLS' };
    const picker = propertyFormSchema(propertiesFor(defaultControls.Picker.properties, vendor, { role: 'form' }));
    expect(picker.properties?.cgFormatResId).toMatchObject({ title: '弹窗模板', type: 'number', 'x-component': 'TemplateSelect', 'x-component-props': { formatType: 'RESOURCE' } });
  });

  it('the form renders and takes values with the controls of the provider; the default map without one', async () => {
    const user = userEvent.setup();
    render(<RuntimeProvider value={services}><ControlsProvider controls={shouting}><Form /></ControlsProvider></RuntimeProvider>);
    await user.type(screen.getByTestId('shouting'), 'abc');
    expect(values.driverName).toBe('ABC');
    // the text area keeps its own (default) control
    expect(document.querySelector('textarea[data-field="remark"]')).toBeTruthy();
    cleanup();
    render(<RuntimeProvider value={services}><Form /></RuntimeProvider>);
    expect(screen.queryByTestId('shouting')).toBeNull();
    await user.type(document.querySelector<HTMLInputElement>('input[data-field="driverName"]')!, 'abc');
    expect(values.driverName).toBe('abc');
  });

  it('gives every editable control of a form its label as accessible name (a screen reader says which field it is in)', () => {
    const all: Pick<Template, 'formatStyle' | 'formSubList'> = {
      formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
      formSubList: paletteOf(defaultControls).map((entry, i) => ({ fieldName: `f${i}`, fieldExplain: `字段${i}${entry.label}`, seq: i, ...entry.defaults })),
    };
    function AllKinds() {
      const handle = useTemplateForm(all, 'create', { now: new Date() });
      return <DynamicForm handle={handle} buttons={false} />;
    }
    render(<RuntimeProvider value={services}><AntApp><AllKinds /></AntApp></RuntimeProvider>);
    const unnamed = all.formSubList!.filter((f) => {
      const control = document.querySelector(`[data-field="${f.fieldName}"]`);
      // a kind that shows no input of its own (a display, a confirmation table) has nothing to name
      if (!control || !control.matches('input, textarea, [role="combobox"], [role="radiogroup"], [role="switch"], [role="checkbox"], label, span, div')) return false;
      return screen.queryAllByLabelText(f.fieldExplain).length === 0;
    });
    expect(unnamed.map((f) => `${f.fieldExplain} (${componentOf(f)})`)).toEqual([]);
  });

  it('the list draws its cells with the views of the provider', async () => {
    const list: Template = {
      id: 1, formatName: '司机', formatCode: 'as_driver_list', formatType: 'LIST', resUrl: '/material/as-driver/list', resMethod: 'POST', ps: 10,
      listSubList: [
        { fieldName: 'driverName', fieldExplain: '姓名', fieldType: 'TEXT', seq: 10 },
        { fieldName: 'active', fieldExplain: '启用', fieldType: 'BOOLEAN', seq: 20 },
      ],
    };
    render(<AntApp><RuntimeProvider value={services}><ControlsProvider controls={shouting}><TemplateList template={list} /></ControlsProvider></RuntimeProvider></AntApp>);
    await waitFor(() => expect(document.querySelector('.shouted')?.textContent).toBe('《王强》'));
    // without the provider's map, renderCell uses the default views
    render(<div data-testid="plain">{renderCell(list.listSubList![0], '王强', false)}</div>);
    expect(screen.getByTestId('plain').textContent).toBe('王强');
  });

  it('the child table edits its cells with the controls of the provider', async () => {
    const user = userEvent.setup();
    const store = createChildStore([{ rowKey: 'r1', invName: '' }]);
    const fields: FieldDefinition[] = [{ fieldName: 'invName', fieldExplain: '存货', formSubmitType: 'ONE_TXT', seq: 10 }];
    render(<AntApp><RuntimeProvider value={services}><ControlsProvider controls={shouting}><ChildTable store={store} fields={fields} table={null} label="明细" editable /></ControlsProvider></RuntimeProvider></AntApp>);
    await user.type(screen.getByTestId('shouting-cell-invName'), 'coal');
    expect(store.rows[0].invName).toBe('COAL');
  });
});

describe('the check boxes of a MULTIPLE_SELECTION field', () => {
  const choices: Pick<Template, 'formatStyle' | 'formSubList'> = {
    formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
    formSubList: [{ fieldName: 'orgIds', fieldExplain: '所属公司', formSubmitType: 'MULTIPLE_SELECTION', options: [{ value: 1, label: '东方能源' }, { value: 2, label: '华北钢铁' }, { value: 3, label: '西部煤业' }], seq: 10 }],
  };
  let chosen: Record<string, unknown> = {};
  function Choices() {
    const handle = useTemplateForm(choices, 'create', { now: new Date() });
    chosen = handle.form.values as Record<string, unknown>;
    return <DynamicForm handle={handle} buttons={false} />;
  }
  const box = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

  it('show a click at once, as the browser runs it (no test scheduler around the click), and keep the options\' order', () => {
    render(<RuntimeProvider value={services}><Choices /></RuntimeProvider>);
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = env.IS_REACT_ACT_ENVIRONMENT;
    env.IS_REACT_ACT_ENVIRONMENT = false; // React schedules its work as in a page
    try {
      box('西部煤业').click();
      // read as soon as the click's event returns (a person, a screen reader or a test sees this state)
      expect(box('西部煤业').checked).toBe(true);
      box('东方能源').click();
      expect(box('东方能源').checked).toBe(true);
      expect(box('西部煤业').checked).toBe(true);
      expect(chosen.orgIds).toEqual([1, 3]);
      box('西部煤业').click();
      expect(box('西部煤业').checked).toBe(false);
      expect(chosen.orgIds).toEqual([1]);
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = before;
    }
  });
});
