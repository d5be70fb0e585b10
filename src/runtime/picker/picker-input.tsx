import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useForm, connect, mapReadPretty } from '@formily/react';
import { PreviewText } from '@formily/antd-v5';
import { App as AntApp, Input } from 'antd';
import { useCallback, useState } from 'react';
import { PICKER_MESSAGES, clearedValues, linkConditions, pickedValues, type PickerProps } from '../../schema/picker';
import type { SearchCondition } from '../../schema/search';
import { useRuntime, useTr } from '../runtime-context';
import { fieldParamLinks } from './param-links';
import { ResourcePopup } from './resource-popup';

/**
 * A picking field (RESOURCE_CONTROLS and its MORE variants): shows the picked value, opens the
 * resource popup, and writes the pick back into the form through the field's resourceList.
 */
function PickerInputBase({ value, picker, disabled, readOnly, placeholder, ...rest }: {
  value?: unknown; picker: PickerProps; disabled?: boolean; readOnly?: boolean; placeholder?: string; 'data-field'?: string;
}) {
  const form = useForm();
  const { request } = useRuntime();
  const tr = useTr();
  const { modal } = AntApp.useApp();
  const [openId, setOpenId] = useState<string | number | null>(null);
  const [prefilter, setPrefilter] = useState<SearchCondition[]>([]);
  const close = useCallback(() => setOpenId(null), []);
  const locked = disabled || readOnly;
  const open = async () => {
    if (locked || openId !== null) return;
    if (picker.cgFormatResId === null || picker.cgFormatResId === undefined || picker.cgFormatResId === '') {
      modal.warning({ title: tr('温馨提示'), content: tr(PICKER_MESSAGES.noTemplate), okText: tr('确定') });
      return;
    }
    // the field's parameter links pre-filter the popup by what the form already holds (none when the call fails)
    setPrefilter(linkConditions(await fieldParamLinks(request, picker.paramLinks, picker.linkId), form.values as Record<string, unknown>));
    setOpenId(picker.cgFormatResId);
  };
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <>
      <Input
        {...rest} readOnly disabled={disabled} value={text} placeholder={placeholder ?? tr('请选择')} onClick={() => void open()}
        className="wb-picker-input"
        suffix={(
          <span className="wb-picker-icons">
            {!locked && picker.allowClear && text && (
              <CloseCircleFilled aria-label="清除" className="wb-picker-clear" onClick={(e) => { e.stopPropagation(); form.setValues(clearedValues(picker)); }} />
            )}
            <SearchOutlined aria-label="选择" onClick={() => void open()} />
          </span>
        )}
      />
      <ResourcePopup
        cgFormatResId={openId} prefilter={prefilter} multiple={picker.multiple} allowClear={picker.allowClear} onClose={close}
        onClear={() => { form.setValues(clearedValues(picker)); close(); }}
        onConfirm={(rows, template) => { form.setValues(pickedValues(rows, picker, template)); close(); }}
      />
    </>
  );
}

export const PickerInput = connect(PickerInputBase, mapReadPretty(PreviewText.Input));
