import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { Input as AntInput } from 'antd';
import type { ComponentType } from 'react';
import { digitsOnly } from '../../schema/field-input';
import { control } from './shared';

interface TextInputProps { value?: string | null; onChange?(value: string): void; [key: string]: unknown }

/** startCode, endCode, num, carryOverNum: other characters are stripped as they are typed. */
function DigitsInputBase({ value, onChange, ...rest }: TextInputProps) {
  return <AntInput {...rest} inputMode="numeric" value={value ?? ''} onChange={(e) => onChange?.(digitsOnly(e.target.value))} />;
}

/** Chosen by field name (DIGITS_ONLY_FIELDS), not offered in the palette. */
export const digitsControl = control({
  name: 'Digits',
  Field: connect(DigitsInputBase, mapReadPretty(PreviewText.Input)) as ComponentType<never>,
});
