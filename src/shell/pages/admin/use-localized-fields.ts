import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { FieldDefinition } from '../../../schema/field-definition';
import { i18nStore } from '../../i18n/i18n';
import { localizeFields } from '../../i18n/template-labels';

/** A screen's own form fields in the language shown (`code` names the form in the label catalogue). */
export function useLocalizedFields(code: string, fields: readonly FieldDefinition[] | null): FieldDefinition[] | null {
  const { locale } = useSnapshot(i18nStore);
  return useMemo(() => (fields ? localizeFields(code, fields, locale) : null), [code, fields, locale]);
}
