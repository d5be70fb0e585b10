import { FileImageOutlined, PictureOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { MAX_COUNT_PROPERTY } from '../../schema/control-properties';
import type { FieldDefinition } from '../../schema/field-definition';
import { ImageUpload, ImageUploadBase, ImageView } from '../form/image-upload';
import { control, textView, withCommon } from './shared';
import type { CellProps, ViewContext } from './types';

function ImageCell({ value, set }: CellProps) {
  return <ImageUploadBase value={value as string | null} onChange={(v) => set(v)} />;
}
function ImageReadCell({ value }: { field: FieldDefinition; value: unknown }) {
  return <ImageView value={value as string | null} />;
}
/** Thumbnails in the detail pop-up; a list cell (plain, one line) shows the file ids. */
function imageView(field: FieldDefinition, value: unknown, ctx: ViewContext) {
  return ctx.where === 'detail' ? <ImageView value={value as string | null} /> : textView(field, value, ctx);
}

/** Uploaded images (IMG_UPLOAD_EP, IMG_LOGO): thumbnails opening 图片查看, uploaded in place in a child table. */
export const imageUploadControl = control({
  name: 'ImageUpload',
  Field: ImageUpload as ComponentType<never>,
  Cell: ImageCell,
  cellMessage: false,
  ReadCell: ImageReadCell,
  view: imageView,
  palette: [
    { kind: 'IMG_UPLOAD_EP', label: '图片上传', icon: <PictureOutlined />, defaults: { formSubmitType: 'IMG_UPLOAD_EP', fieldType: 'CHAR', maxCount: 1 } },
    { kind: 'IMG_LOGO', label: '图标', icon: <FileImageOutlined />, defaults: { formSubmitType: 'IMG_LOGO', fieldType: 'CHAR', maxCount: 1 } },
  ],
  properties: withCommon(MAX_COUNT_PROPERTY),
});
