import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { App as AntApp, Input } from 'antd';
import { useCallback, useState } from 'react';
import type { FieldDefinition } from '../../schema/field-definition';
import { PICKER_MESSAGES, clearedValues, isMultiplePicker, linkConditions, pickedValues } from '../../schema/picker';
import type { SearchCondition } from '../../schema/search';
import { useRuntime, useTr } from '../runtime-context';
import { fieldParamLinks } from './param-links';
import { ResourcePopup } from './resource-popup';

/**
 * A picking cell of a child table (RESOURCE_CONTROLS on a line, e.g. a registry's purchase notice):
 * shows the picked value, opens the field's resource popup (pre-filtered by its parameter links
 * over the row) and hands back what the pick writes into the row through the field's resourceList.
 */
export function PickerCell({ field, value, row, onChange, onBlur, status, style, placeholder, ...rest }: {
  field: FieldDefinition; value: unknown; row: Readonly<Record<string, unknown>>;
  /** The row's new values: the picked field and every mapped one (all emptied on 清除). */
  onChange(values: Record<string, unknown>): void;
  onBlur?(): void; status?: 'error'; style?: React.CSSProperties; 'data-cell'?: string;
  /** In place of 请选择 (the designer's canvas, a narrow box). */
  placeholder?: string;
}) {
  const { request } = useRuntime();
  const { modal } = AntApp.useApp();
  const tr = useTr();
  const [openId, setOpenId] = useState<string | number | null>(null);
  const [prefilter, setPrefilter] = useState<SearchCondition[]>([]);
  const close = useCallback(() => setOpenId(null), []);
  const open = async () => {
    if (openId !== null) return;
    if (field.cgFormatResId === null || field.cgFormatResId === undefined || field.cgFormatResId === '') {
      modal.warning({ title: tr('温馨提示'), content: tr(PICKER_MESSAGES.noTemplate), okText: tr('确定') });
      return;
    }
    setPrefilter(linkConditions(await fieldParamLinks(request, field.paramLinks, field.id), row));
    setOpenId(field.cgFormatResId);
  };
  const text = value === null || value === undefined ? '' : String(value);
  const allowClear = !field.irequired;
  return (
    <>
      <Input
        {...rest} readOnly status={status} style={style} value={text} placeholder={placeholder ?? tr('请选择')} onClick={() => void open()} onBlur={onBlur}
        className="wb-picker-input"
        suffix={(
          <span className="wb-picker-icons">
            {allowClear && text && (
              <CloseCircleFilled aria-label="清除" className="wb-picker-clear" onClick={(e) => { e.stopPropagation(); onChange(clearedValues(field)); }} />
            )}
            <SearchOutlined aria-label="选择" onClick={() => void open()} />
          </span>
        )}
      />
      <ResourcePopup
        cgFormatResId={openId} prefilter={prefilter} multiple={isMultiplePicker(field.formSubmitType)} allowClear={allowClear} onClose={close}
        onClear={() => { onChange(clearedValues(field)); close(); }}
        onConfirm={(rows, template) => { onChange(pickedValues(rows, field, template)); close(); }}
      />
    </>
  );
}
