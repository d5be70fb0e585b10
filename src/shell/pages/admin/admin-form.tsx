import { App as AntApp, Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { DynamicForm, keepFocus, useTemplateForm } from '../../../runtime';
import type { FieldDefinition } from '../../../schema/field-definition';
import { toFormValues, toSubmitValues, type FormMode } from '../../../schema/form-schema';
import { useT } from '../../i18n/i18n';

/**
 * An administration record's form, rendered by the form engine from field definitions the screen
 * supplies: 取消 / 提交, the submitted values normalised, `save` sending them (a failure is shown by
 * the request layer and keeps the form open).
 */
export function AdminForm({ fields, mode, row, save, onDone, children }: {
  fields: FieldDefinition[]; mode: FormMode; row: Record<string, unknown>;
  save(body: Record<string, unknown>): Promise<unknown>; onDone(saved: boolean): void; children?: React.ReactNode;
}) {
  const t = useT();
  const { message } = AntApp.useApp();
  const template = useMemo(() => ({ formatStyle: 'FORMAT_FOUR_COLUMN_FROM' as const, formSubList: fields }), [fields]);
  const handle = useTemplateForm(template, mode, { now: new Date() }, toFormValues(fields, row));
  const [saving, setSaving] = useState(false);
  const submit = () => void handle.form.submit(async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await save(toSubmitValues(fields, values, mode));
      message.success(mode === 'update' ? t('admin.updated') : t('admin.added'));
      onDone(true);
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false);
    }
  }).catch(() => undefined); // the fields show their own messages
  return (
    <>
      {children}
      <DynamicForm handle={handle} buttons={false} />
      <Space className="wb-form-footer" onMouseDown={keepFocus}>
        <Button onClick={() => onDone(false)}>{t('common.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={submit}>{t('admin.submit')}</Button>
      </Space>
    </>
  );
}
