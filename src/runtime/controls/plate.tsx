import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { Input as AntInput } from 'antd';
import { createContext, useContext, type ComponentType } from 'react';
import { normalisePlate, type PlateEntry } from '../../schema/field-input';
import { control } from './shared';

/** The plate list (findAll) the plate input matches a single typed character against. */
export const PlatesContext = createContext<readonly PlateEntry[]>([]);

interface TextInputProps { value?: string | null; onChange?(value: string): void; [key: string]: unknown }

/** Plate number: upper-cased while typing; a lone character becomes its province abbreviation. */
function PlateInputBase({ value, onChange, ...rest }: TextInputProps) {
  const plates = useContext(PlatesContext);
  return <AntInput {...rest} value={value ?? ''} onChange={(e) => onChange?.(normalisePlate(e.target.value, plates))} />;
}

/** Chosen by field name (a plate field of a text kind), not offered in the palette. */
export const plateControl = control({
  name: 'Plate',
  Field: connect(PlateInputBase, mapReadPretty(PreviewText.Input)) as ComponentType<never>,
});
