import { FormItem, Input, NumberPicker, Select, Switch } from '@formily/antd-v5';
import { createForm, isField, onFieldInputValueChange, type Field as FormilyField } from '@formily/core';
import { FormProvider, createSchemaField, useField, type ISchema } from '@formily/react';
import { Button, Empty, Input as AntInput, Space, Tooltip, Typography, type InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { reaction, toJS } from '@formily/reactive';
import { createContext, isValidElement, memo, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentProps, type ComponentType, type Ref } from 'react';
import { CalculationDialog, DateSpecDialog, TimePointDialog, TimeRangeDialog, useControls, useRuntime, useTr, type ControlRegistry } from '../../runtime';
import { propertiesFor, propertyFormSchema, propertyValue, type ControlProperty } from '../../schema/control-properties';
import { toTemplate, type ColumnNode, type DesignNode, type FieldNode, type TabGroupNode } from '../../schema/design-nodes';
import type { Calculation, FieldDefinition, FieldOption } from '../../schema/field-definition';
import { componentOf } from '../../schema/form-controls';
import { attributeLists, calculationOptions, calculationProblem, type AttributeKind } from '../../schema/template-attributes';
import { asDateSpec, describeDateSpec, timeRangeDefault, toTimeRangeDefault } from '../../schema/time-dialogs';
import type { DesignerState } from '../engine/designer';
import { declaredColumnType } from '../engine/number-column';
import { sameItems, useDerived, useNodeSlice, type DesignerStore } from './store';
import { TemplateCatalogContext, TemplateSelect, templateCatalog, type TemplateCatalog } from './template-select';

/** What the panel asks of the screen: set a property on the selection (one command), reset it. */
interface PanelActions {
  set(key: string, value: unknown, typing: string | null): void;
  reset(key: string): void;
  /** The (first) selected field as it is now: read when a dialog draws, so that typing does not re-render the form. */
  field(): FieldDefinition | null;
  /** The template's field list it is in (`attributeLists` path: formSubList, childSubLists[i].fields…). */
  listPath(): string | null;
}
const PanelContext = createContext<PanelActions | null>(null);

/** 恢复默认 of one property: drawn once, not again for each keystroke in the box beside it. */
const ResetButton = memo(function ResetButton({ name, title }: { name: string; title: string }) {
  const actions = useContext(PanelContext);
  const tr = useTr();
  return (
    <Tooltip title={tr('恢复默认')}>
      <Button size="small" type="text" aria-label={tr('{title} 恢复默认', { title })} onClick={() => actions?.reset(name)}>↺</Button>
    </Tooltip>
  );
});

/**
 * The panel's text boxes hold what is typed themselves (antd's box, uncontrolled): a keystroke goes to
 * the field and on to the command, and nothing of the panel is drawn again for it — not the form item
 * (see `sameItem`), not the box's antd and Formily wrappers (their style and context hooks were the
 * largest part of a keystroke's rendering on a 500-field form). A value that comes from elsewhere (an
 * undo, 恢复默认, a batch edit, another selection) is not what the box holds: the box is then made
 * again with it, and keeps the focus and the caret at the end if it had them.
 */
function selfBound<P, R>(Box: ComponentType<P & { ref?: Ref<R> }>, text: (ref: R | null) => HTMLInputElement | HTMLTextAreaElement | null | undefined) {
  return function SelfBound(props: P) {
    const field = useField<FormilyField>();
    const [made, setMade] = useState(0);
    const box = useRef<R>(null);
    const refocus = useRef(false);
    // at once as well: the value may have been set between this render and its effect (the panel's
    // stored values are put in the form by an effect that runs before this one)
    useEffect(() => reaction(() => field.value, (value) => {
      const el = text(box.current);
      if (!el || el.value === String(value ?? '')) return;
      refocus.current = document.activeElement === el;
      setMade((n) => n + 1);
    }, { fireImmediately: true }), [field]);
    useLayoutEffect(() => {
      if (!refocus.current) return;
      refocus.current = false;
      const el = text(box.current);
      el?.focus();
      el?.setSelectionRange(el.value.length, el.value.length);
    }, [made]);
    return <Box key={made} {...props} ref={box} value={undefined} defaultValue={(field.value as string | undefined) ?? ''} />;
  };
}
const BoundInput = selfBound<ComponentProps<typeof Input>, InputRef>(Input as never, (ref) => ref?.input);
const BoundTextArea = selfBound<ComponentProps<typeof Input.TextArea>, TextAreaRef>(Input.TextArea as never, (ref) => ref?.resizableTextArea?.textArea);
const SELF_BOUND = new Set<unknown>([BoundInput, BoundTextArea]);
/** What Formily hands a component anew at every render of its field, or a self-bound box reads itself. */
const PER_RENDER = new Set(['value', 'onChange', 'onFocus', 'onBlur']);

/**
 * Whether a form item would draw the same: the same props, and the same control, where a self-bound
 * box may differ in its value (it draws that itself) and in Formily's handlers (made anew for each
 * render, doing the same). A keystroke in 标题 then redraws the box alone; anything else that changes
 * (another kind of control, its options, its state) redraws the item as before.
 */
function sameItem(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length || keys.some((k) => k !== 'children' && !Object.is(a[k], b[k]))) return false;
  const [x, y] = [a.children, b.children];
  if (x === y) return true;
  if (!isValidElement(x) || !isValidElement(y) || x.type !== y.type || x.key !== y.key || !SELF_BOUND.has(y.type)) return false;
  const [px, py] = [x.props as Record<string, unknown>, y.props as Record<string, unknown>];
  const names = Object.keys(py);
  return names.length === Object.keys(px).length && names.every((k) => PER_RENDER.has(k) || Object.is(px[k], py[k]));
}

/** A property's form item with 恢复默认 beside it. */
const PropertyItem = memo(function PropertyItem(props: Record<string, unknown>) {
  const field = useField();
  const name = String(field.props.name);
  return <FormItem {...props} addonAfter={<ResetButton name={name} title={String(field.title ?? name)} />} />;
}, sameItem);

/** The search box over the properties: it re-renders when its text changes, not with the selected field. */
const PropertySearch = memo(function PropertySearch({ value, onChange }: { value: string; onChange(text: string): void }) {
  const tr = useTr();
  return <AntInput.Search allowClear size="small" placeholder={tr('搜索属性')} aria-label={tr('搜索属性')} value={value} onChange={(e) => onChange(e.target.value)} style={{ marginBottom: 8 }} />;
});

/** Options as lines of 值=标签 (an ENUM field's choices). */
function OptionsEditor({ value, onChange, placeholder }: { value?: FieldOption[] | null; onChange?(v: FieldOption[] | null): void; placeholder?: string }) {
  const text = (value ?? []).map((o) => `${String(o.value)}=${o.label}`).join('\n');
  const [draft, setDraft] = useState(text);
  useEffect(() => setDraft(text), [text]);
  return (
    <AntInput.TextArea
      rows={3} value={draft} placeholder={placeholder ?? '每行一项：值=标签'} onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        const options = draft.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
          const at = l.indexOf('=');
          return at < 0 ? { value: l, label: l } : { value: l.slice(0, at).trim(), label: l.slice(at + 1).trim() };
        });
        if (draft !== text) onChange?.(options.length ? options : null);
      }}
    />
  );
}

/** A property set by one of the attribute dialogs (计算方式, 选择时间, 选择时间范围, 选择时间点). */
function AttributeDialog({ value, onChange, kind, placeholder }: { value?: unknown; onChange?(v: unknown): void; kind: AttributeKind; placeholder?: string }) {
  const [open, setOpen] = useState(false);
  const actions = useContext(PanelContext);
  const template = useContext(TemplateContext);
  const field = actions?.field() ?? null;
  const summary = kind === 'dateSpec' ? (asDateSpec(value) ? describeDateSpec(asDateSpec(value)!) : '')
    : kind === 'timeRange' ? (timeRangeDefault({ defaultValue: value as FieldDefinition['defaultValue'] }) ?? []).join(' 至 ')
      : kind === 'calculate' ? (value ? '已设置' : '') : typeof value === 'string' ? value : '';
  const lists = template ? attributeLists(template()) : [];
  // the field's own list: a child-table column calculates from its table's columns, never from itself
  const path = actions?.listPath() ?? 'formSubList';
  const list = lists.find((l) => l.path === path);
  const options = kind === 'calculate' && open && field && list ? calculationOptions(template!(), list, field) : null;
  const check = (calc: Calculation) => (field && list ? calculationProblem(template!(), list, field, calc) : null);
  const take = (v: unknown) => { onChange?.(v); setOpen(false); };
  return (
    <Space size={4}>
      <Typography.Text type={summary ? undefined : 'secondary'} className="wb-fd-attr">{summary || placeholder || '未设置'}</Typography.Text>
      <Button size="small" onClick={() => setOpen(true)}>设置</Button>
      {kind === 'calculate' && <CalculationDialog open={open} value={(value ?? null) as never} fields={options?.fields ?? []} sumTables={options?.sumTables ?? []} check={check} onOk={take} onCancel={() => setOpen(false)} />}
      {kind === 'dateSpec' && <DateSpecDialog open={open} value={asDateSpec(value)} withTime={field?.formSubmitType !== 'DATA_BOX'} onOk={take} onCancel={() => setOpen(false)} />}
      {kind === 'timeRange' && <TimeRangeDialog open={open} value={timeRangeDefault({ defaultValue: value as FieldDefinition['defaultValue'] })} onOk={(r) => take(toTimeRangeDefault(r))} onCancel={() => setOpen(false)} />}
      {kind === 'timePoint' && <TimePointDialog open={open} value={typeof value === 'string' ? value : null} onOk={take} onCancel={() => setOpen(false)} />}
    </Space>
  );
}

const TemplateContext = createContext<(() => ReturnType<typeof toTemplate>) | null>(null);

const SchemaField = createSchemaField({
  components: { FormItem: PropertyItem, Input: BoundInput, 'Input.TextArea': BoundTextArea, NumberPicker, Switch, Select, OptionsEditor, AttributeDialog, TemplateSelect } as never,
});

/**
 * The properties the selection shares (a multi-selection edits what every selected field has);
 * `declared` is the type a field's data source declares (合计 only on a number column, as 列表设计).
 */
export function sharedProperties(controls: ControlRegistry, fields: readonly { field: FieldDefinition; role: 'form' | 'child'; declared?: string }[]): ControlProperty[] {
  const each = fields.map(({ field, role, declared }) => propertiesFor(controls[componentOf(field)].properties, field, { role }, declared));
  if (each.length === 0) return [];
  return each[0].filter((p) => each.every((ps) => ps.some((q) => q.name === p.name && q.control === p.control && q.formatType === p.formatType)));
}

const TEXT_CONTROLS = new Set(['Input', 'TextArea']);

/**
 * The panel's Formily form for a selection: each value the person changes goes to `changed`, which
 * answers why the command was refused, if it was; the reason then shows under the box (the draft keeps
 * its last value, which the box shows again when the person leaves it: `revertRefused`).
 */
function propertyForm(_selection: string, changed: (name: string, value: unknown) => string | null) {
  return createForm({
    values: {},
    effects: () => {
      // a plain copy: the form's value is its own observable (a proxy); the draft freezes what it is given
      onFieldInputValueChange('*', (f) => {
        const refusal = changed(String(f.props.name), toJS(f.value));
        if (refusal || f.selfErrors.length > 0) f.selfErrors = refusal ? [refusal] : [];
      });
    },
  });
}

/** A stored value as the form may hold it: the draft's objects are frozen, and the form makes what it holds observable. */
const formCopy = (value: unknown): unknown => (value !== null && typeof value === 'object' ? structuredClone(value) : value);

/** The values the person left refused go back to what the fields have (the panel's focus left their box; empty where they differ). */
function revertRefused(form: ReturnType<typeof propertyForm>, properties: readonly ControlProperty[], fields: readonly FieldDefinition[]): void {
  form.query('*').forEach((f) => {
    if (!isField(f) || f.selfErrors.length === 0) return;
    f.selfErrors = [];
    const p = properties.find((x) => x.name === f.props.name);
    if (!p || fields.length === 0) return;
    const value = sharedValue(p, fields);
    f.value = value === MIXED ? undefined : formCopy(value);
  });
}

/**
 * What the panel draws apart from the values: the selected fields' ids (not the nodes, which change
 * with each keystroke: the title and the values read them themselves), the tab group, the properties
 * the selection shares.
 */
interface PanelView {
  ids: string[];
  group: TabGroupNode | null;
  properties: ControlProperty[];
  /** `ids` joined, and the properties' names, controls and dialogs: what makes a new form. */
  idsKey: string;
  propsKey: string;
}

function panelView(controls: ControlRegistry, state: DesignerState): PanelView {
  const selected = state.selection.map((id) => state.draft.nodes[id]).filter((n): n is DesignNode => Boolean(n));
  const fields = selected.filter((n): n is FieldNode | ColumnNode => n.kind === 'field' || n.kind === 'column');
  const group = selected.length === 1 && selected[0].kind === 'tabGroup' ? selected[0] as TabGroupNode : null;
  const typeOf = declaredColumnType(state.draft, state.declared);
  const properties = sharedProperties(controls, fields.map((n) => (n.kind === 'field' ? { field: n.field, role: 'form' as const } : { field: n.field, role: 'child' as const, declared: typeOf(n) })));
  const ids = fields.map((n) => n.id);
  return { ids, group, properties, idsKey: ids.join(','), propsKey: properties.map((p) => `${p.name}:${p.control}:${p.dialog ?? ''}:${p.formatType ?? ''}`).join('|') };
}

/**
 * The same panel: the same fields selected, showing the same properties, and the same tab group name.
 * Typing in one of its boxes changes the field (and so the selected node) but not this: the panel is
 * not drawn again for each keystroke; the box, the title and the values follow on their own.
 */
const samePanelView = (a: PanelView, b: PanelView): boolean =>
  a.idsKey === b.idsKey && a.propsKey === b.propsKey && a.group?.id === b.group?.id && a.group?.label === b.group?.label;

/** The panel's title: the field's 标题 and name, redrawn as the 标题 is typed (the panel around it is not). */
const PanelTitle = memo(function PanelTitle({ store, id }: { store: DesignerStore; id: string }) {
  const node = useNodeSlice(store, id, (s) => s.draft.nodes[id]) as FieldNode | ColumnNode | undefined;
  return node ? <>{`${node.field.fieldExplain}（${node.field.fieldName}）`}</> : null;
});

/** A property's value across the selected fields: the one they share, or `MIXED` where they differ. */
const MIXED = Symbol('多个值');
function sharedValue(property: ControlProperty, fields: readonly FieldDefinition[]): unknown {
  const [first, ...rest] = fields.map((f) => propertyValue(property, f));
  return rest.every((v) => Object.is(v, first) || JSON.stringify(v ?? null) === JSON.stringify(first ?? null)) ? first : MIXED;
}

/**
 * Shows the stored values in the form: all of them for a new form or a new set of properties, then
 * those whose value changed in the fields (after an undo, a reset, a batch edit, a dialog). A value the
 * person typed is already the form's and is left alone. Where the selected fields differ, the box is
 * empty with 多个值 as its placeholder (a switch says it beside it), and nothing is written until the
 * person changes it.
 */
function ValueSync({ store, ids, form, properties }: { store: DesignerStore; ids: readonly string[]; form: ReturnType<typeof propertyForm>; properties: readonly ControlProperty[] }) {
  const tr = useTr();
  const nodes = useDerived(store, (s) => ids.map((id) => s.draft.nodes[id]), (s) => ids.map((id) => s.draft.nodes[id]), sameItems);
  const fields = useMemo(() => nodes.flatMap((n) => (n?.kind === 'field' || n?.kind === 'column' ? [n.field] : [])), [nodes]);
  const shown = useRef<{ form: unknown; properties: unknown; values: Map<string, unknown> } | null>(null);
  useEffect(() => {
    if (fields.length === 0) return;
    const last = shown.current;
    const whole = !last || last.form !== form || last.properties !== properties;
    const values = new Map<string, unknown>();
    for (const p of properties) {
      const value = sharedValue(p, fields);
      values.set(p.name, value);
      if (!whole && Object.is(value, last.values.get(p.name))) continue;
      const mixed = value === MIXED;
      if (mixed || last?.values.get(p.name) === MIXED) {
        form.setFieldState(p.name, (f) => {
          f.componentProps = { ...f.componentProps, placeholder: mixed ? tr('多个值') : undefined };
          if (p.control === 'Switch') f.decoratorProps = { ...f.decoratorProps, extra: mixed ? tr('多个值') : undefined };
        });
      }
      const shownValue = mixed ? undefined : value;
      if (JSON.stringify(form.getValuesIn(p.name) ?? null) !== JSON.stringify(shownValue ?? null)) form.setValuesIn(p.name, formCopy(shownValue));
    }
    shown.current = { form, properties, values };
  }, [form, fields, properties, tr]);
  return null;
}

/**
 * The property panel: the selected field's (or fields') properties from its kind's property schema,
 * rendered as a Formily form. One change is one command: `set-property` for one field (typing in a
 * box extends one step until the box loses focus), `batch-set-property` across a selection.
 */
export function PropertyPanel({ store, onSet, onReset, onGroupLabel }: {
  store: DesignerStore;
  /** Answers the refusal's message when the command was refused, else null. */
  onSet(ids: string[], key: string, value: unknown, typing: string | null): string | null;
  onReset(ids: string[], property: ControlProperty): void;
  onGroupLabel(id: string, label: string, typing: string): void;
}) {
  const controls = useControls();
  const tr = useTr();
  const { request } = useRuntime();
  // the templates a TemplateSelect offers, read once while the panel is open (not for each selection)
  const catalog = useMemo(() => templateCatalog(request), [request]);
  // the selection as the panel draws it: a command on another field, or a keystroke in one of the
  // panel's boxes, does not re-render the panel
  const view = useDerived(store, (s) => [s.selection, s.draft.nodes], (s) => panelView(controls, s), samePanelView);
  // kept while its ids and properties are the same (samePanelView), so `properties` keeps its identity
  const { ids, group, idsKey, properties } = view;
  const [search, setSearch] = useState('');
  const focusSession = useRef(0);
  const shown = useMemo(() => properties.filter((p) => !search.trim() || p.label.includes(search.trim()) || String(p.name).toLowerCase().includes(search.trim().toLowerCase())), [properties, search]);
  const firstId = ids[0] ?? null;

  const latest = useRef({ ids, properties, onSet });
  latest.current = { ids, properties, onSet };
  // a new form for each selection (its values are the selected fields')
  const form = useMemo(() => propertyForm(idsKey, (name, value) => {
    const p = latest.current.properties.find((x) => x.name === name);
    const typing = p && TEXT_CONTROLS.has(p.control) && latest.current.ids.length === 1 ? `${focusSession.current}` : null;
    return latest.current.onSet(latest.current.ids, name, value, typing);
  }), [idsKey]);

  // the properties' labels as the user's language reads them (search matches the Chinese and the name)
  const schema = useMemo(() => propertyFormSchema(shown.map((p) => ({ ...p, label: tr(p.label) }))), [shown, tr]);
  const actions = useMemo<PanelActions>(() => ({
    set: (key, value, typing) => { onSet(ids, key, value, typing); },
    reset: (key) => { const p = properties.find((x) => x.name === key); if (p) onReset(ids, p); },
    // the field as it is now (the panel is not re-rendered as it changes)
    field: () => {
      const node = firstId ? store.get().draft.nodes[firstId] : undefined;
      return node && (node.kind === 'field' || node.kind === 'column') ? node.field : null;
    },
    listPath: () => {
      const draft = store.get().draft;
      const node = firstId ? draft.nodes[firstId] : undefined;
      if (node?.kind === 'field') return 'formSubList';
      if (node?.kind !== 'column') return null;
      const child = draft.order.childTables.indexOf(node.parent);
      return child >= 0 ? `childSubLists[${child}].fields` : node.parent;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [idsKey, properties, onSet, onReset]);
  const template = useMemo(() => () => toTemplate(store.get().draft), [store]);

  if (group) {
    return (
      <div className="wb-fd-panel-body" onFocus={() => { focusSession.current += 1; }}>
        <Typography.Title level={5}>{tr('分组')}</Typography.Title>
        <label>{tr('分组名称')}<AntInput aria-label={tr('分组名称')} value={group.label} onChange={(e) => onGroupLabel(group.id, e.target.value, `${focusSession.current}`)} /></label>
      </div>
    );
  }
  if (ids.length === 0) return <Empty className="wb-fd-panel-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={tr('选中画布上的字段以编辑属性（Shift 或 Ctrl 点击可多选）')} />;
  return (
    <div className="wb-fd-panel-body" onFocus={() => { focusSession.current += 1; }} onBlur={() => revertRefused(form, properties, ids.flatMap((id) => { const n = store.get().draft.nodes[id]; return n?.kind === 'field' || n?.kind === 'column' ? [n.field] : []; }))}>
      <div className="wb-fd-panel-title">
        {ids.length === 1 ? <PanelTitle store={store} id={firstId!} /> : tr('已选 {n} 个字段：批量修改', { n: ids.length })}
      </div>
      <ValueSync store={store} ids={ids} form={form} properties={properties} />
      <PropertySearch value={search} onChange={setSearch} />
      {shown.length === 0 && <Typography.Text type="secondary">{tr('没有匹配的属性')}</Typography.Text>}
      <PanelForm actions={actions} template={template} catalog={catalog} form={form} schema={schema} />
    </div>
  );
}

/**
 * The properties' form: re-rendered when the selection, its properties or the search change, not for
 * each keystroke in one of its boxes (Formily redraws the box that changed).
 */
const PanelForm = memo(function PanelForm({ actions, template, catalog, form, schema }: {
  actions: PanelActions; template: () => ReturnType<typeof toTemplate>; catalog: TemplateCatalog; form: ReturnType<typeof propertyForm>; schema: ReturnType<typeof propertyFormSchema>;
}) {
  return (
    <PanelContext.Provider value={actions}>
      <TemplateContext.Provider value={template}>
        <TemplateCatalogContext.Provider value={catalog}>
          {/* a form of its own for each selection, drawn anew: a form item kept across selections would
              keep the handlers of the last selection's field (`sameItem` lets them differ within one) */}
          <FormProvider key={form.id} form={form}>
            <SchemaField schema={schema as unknown as ISchema} />
          </FormProvider>
        </TemplateCatalogContext.Provider>
      </TemplateContext.Provider>
    </PanelContext.Provider>
  );
});
