import { createForm, isField, onFieldValueChange, type Form } from '@formily/core';
import { FormLayout } from '@formily/antd-v5';
import { FormProvider, createSchemaField, type ISchema } from '@formily/react';
import { Button, Space } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import type { DefaultContext } from '../../schema/defaults';
import { compileForm, FORM_MIN_WIDTH, type CompiledForm, type FormMode } from '../../schema/form-schema';
import { periodsOf } from '../../schema/record-rules';
import type { Template } from '../../schema/template';
import { useTr } from '../runtime-context';
import { formComponentsOf, useControls } from '../controls';

/** Submit and reset run on the first click and ignore repeats for 1 s (spec 001 §9). */
export const SUBMIT_DEBOUNCE_MS = 1000;

/** A mouse-down on the form's buttons keeps the focus where it is (the submit validates every field anyway). */
export function keepFocus(event: React.MouseEvent): void {
  if ((event.target as HTMLElement).closest('button')) event.preventDefault();
}

/** Runs `fn` on the first call and ignores further calls until `ms` have passed. */
export function useLeadingDebounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  const last = useRef(0);
  const latest = useRef(fn);
  latest.current = fn;
  return useMemo(() => (...args: A) => {
    const now = Date.now();
    if (now - last.current < ms) return;
    last.current = now;
    latest.current(...args);
  }, [ms]);
}

/**
 * Linkage of spec 001 §4 that follows from field names: clearing a …Name field clears its …Id,
 * clearing an organisation name clears the company key, clearing the notice code clears the notice id.
 */
function clearLinkedIds(form: Form) {
  onFieldValueChange('*', (field) => {
    const name = String(field.path);
    const value = field.value as unknown;
    if (value !== null && value !== undefined && value !== '') return;
    if (name.endsWith('Name')) {
      const id = `${name.slice(0, -4)}Id`;
      if (form.query(id).take()) form.setValuesIn(id, null);
    }
    if (name === 'orgName' && form.query('pkOrg').take()) form.setValuesIn('pkOrg', null);
    // the settlement edit pages: clearing the notice code clears the notice id
    if (name === 'noticeCode' && form.query('noticeId').take()) form.setValuesIn('noticeId', null);
  });
}

/** A period's end is checked again when its start changes (record-rules.ts: the end may not be earlier). */
function recheckPeriodEnds(form: Form, fields: CompiledForm['fields']) {
  for (const [start, end] of periodsOf(fields)) {
    onFieldValueChange(start, () => {
      const field = form.query(end).take();
      if (isField(field) && field.value !== null && field.value !== undefined && field.value !== '') void field.validate().catch(() => undefined);
    });
  }
}

export interface DynamicFormHandle { form: Form; compiled: CompiledForm }

/** Builds the Formily form of a template in a mode; the caller keeps it (values survive re-renders). */
export function useTemplateForm(template: Pick<Template, 'formatStyle' | 'formSubList' | 'customTable'>, mode: FormMode, ctx: DefaultContext, initialValues?: Record<string, unknown>): DynamicFormHandle {
  // compiled once per template and mode: the defaults are taken when the form opens
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const compiled = useMemo(() => compileForm(template, mode, ctx), [template, mode]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm({ initialValues, effects: (f) => { clearLinkedIds(f); recheckPeriodEnds(f, compiled.fields); }, validateFirst: false }), [compiled]);
  return { form, compiled };
}

/**
 * Off-screen fields are neither laid out nor painted (shell.css, `content-visibility: auto`), but
 * only once the form has been drawn: each Formily FormItem measures its label in the first frame
 * after it mounts, and a measurement inside a skipped box lays that box out on its own (300 fields:
 * 600 separate layouts). The class goes on after those first-frame measurements, straight on the
 * element (a React re-render of the whole form for a class would cost more than it saves).
 */
function useSkipOffscreenAfterFirstFrame(box: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    // effects run children first: the FormItems' frame callbacks are queued before this one
    const frame = requestAnimationFrame(() => box.current?.classList.add('is-drawn'));
    return () => cancelAnimationFrame(frame);
  }, [box]);
}

/**
 * The dynamic form (spec 001 §2 screen 4): a 48-unit grid of 4 or 8 columns, label width 100,
 * gutter 20, at least 550 px wide; 提交 and 重置 unless the host brings its own buttons.
 */
export function DynamicForm({ handle, onSubmit, buttons = true }: { handle: DynamicFormHandle; onSubmit?(values: Record<string, unknown>): void | Promise<void>; buttons?: boolean }) {
  // the controls in force (ControlsProvider): a host may replace some, e.g. the designer's canvas
  const controls = useControls();
  const tr = useTr();
  const SchemaField = useMemo(() => createSchemaField({ components: formComponentsOf(controls) as never }), [controls]);
  const submit = useLeadingDebounce(() => { void handle.form.submit(onSubmit ?? (() => undefined)).catch(() => undefined); }, SUBMIT_DEBOUNCE_MS);
  const reset = useLeadingDebounce(() => { void handle.form.reset('*', { forceClear: false, validate: false }); }, SUBMIT_DEBOUNCE_MS);
  const box = useRef<HTMLDivElement>(null);
  useSkipOffscreenAfterFirstFrame(box);
  return (
    <FormProvider form={handle.form}>
      <div className="wb-dynamic-form" ref={box} style={{ minWidth: FORM_MIN_WIDTH }}>
        {/* loose: every field keeps room for its message, so a message that appears or clears never moves the buttons under the pointer */}
        <FormLayout labelWidth={100} labelAlign="right" feedbackLayout="loose" colon={false}>
          <SchemaField schema={handle.compiled.schema as unknown as ISchema} />
        </FormLayout>
        {buttons && (
          <Space className="wb-form-buttons" onMouseDown={keepFocus}>
            <Button type="primary" onClick={submit}>{tr('提交')}</Button>
            <Button onClick={reset}>{tr('重置')}</Button>
          </Space>
        )}
      </div>
    </FormProvider>
  );
}
