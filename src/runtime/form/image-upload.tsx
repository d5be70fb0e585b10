import { PlusOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { App as AntApp, Image, Modal, Spin, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime, useTr } from '../runtime-context';

/** Image rules of spec 001 §5 and §9. */
export const IMAGE_RULES = {
  accept: '.jpg,.jpeg,.png,.gif',
  types: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: 2 * 1024 * 1024,
  typeMessage: '上传头像图片只能是JPG或者png格式!',
  sizeMessage: '上传头像图片大小不能超过 2MB!',
  countMessage: '上传个数超出限制!',
} as const;

/**
 * An uploaded image, read through the request layer (it carries the session) as an object URL;
 * `failed` once the read has failed (the image is gone or not the user's).
 */
export function useImageUrl(id: string | number): { url: string | null; failed: boolean } {
  const { download } = useRuntime();
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    download({ url: `/sys-file-type/img/${id}`, quiet: true })
      .then((file) => { made = URL.createObjectURL(file.blob); if (live) setState({ url: made, failed: false }); })
      .catch(() => { if (live) setState({ url: null, failed: true }); });
    return () => { live = false; if (made) URL.revokeObjectURL(made); };
  }, [id, download]);
  return state;
}

function Thumb({ id, onOpen }: { id: string; onOpen(url: string): void }) {
  const { url } = useImageUrl(id);
  if (!url) return <Spin size="small" />;
  return <img src={url} alt="图片" className="wb-image-thumb" width={80} height={40} onClick={() => onOpen(url)} />;
}

const ids = (value: unknown) => (typeof value === 'string' && value ? value.split(',').filter(Boolean) : []);

/**
 * IMG_UPLOAD_EP / IMG_LOGO: images uploaded to the server (JPG, PNG, GIF under 2 MB, one by
 * default); the value is the comma-joined ids of the stored images; thumbnails 80x40 open 图片查看.
 */
export function ImageUploadBase({ value, onChange, disabled, readOnly, maxCount = 1 }: { value?: string | null; onChange?(value: string | null): void; disabled?: boolean; readOnly?: boolean; maxCount?: number }) {
  const { request } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = ids(value);
  const files: UploadFile[] = current.map((id) => ({ uid: id, name: id, status: 'done' }));
  const locked = disabled || readOnly;
  return (
    <>
      <Upload
        accept={IMAGE_RULES.accept} listType="picture-card" fileList={files} disabled={locked} multiple={false}
        itemRender={(_node, file, _list, actions) => (
          <div className="wb-image-item">
            <Thumb id={file.uid} onOpen={setPreview} />
            {!locked && <a className="wb-image-remove" onClick={actions.remove}>{tr('删除')}</a>}
          </div>
        )}
        beforeUpload={(file) => {
          if (current.length >= maxCount) { message.error(tr(IMAGE_RULES.countMessage)); return Upload.LIST_IGNORE; }
          if (!(IMAGE_RULES.types as readonly string[]).includes(file.type)) { message.error(tr(IMAGE_RULES.typeMessage)); return Upload.LIST_IGNORE; }
          if (file.size > IMAGE_RULES.maxBytes) { message.error(tr(IMAGE_RULES.sizeMessage)); return Upload.LIST_IGNORE; }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const body = new FormData();
          body.append('file', file as Blob);
          setBusy(true);
          try {
            const saved = await request<{ id: number }>({ method: 'POST', url: '/sys-file-type/upload', body });
            onChange?.([...current, String(saved.id)].join(','));
            onSuccess?.(saved);
          } catch (error) {
            onError?.(error as Error);
          } finally {
            setBusy(false);
          }
        }}
        onRemove={(file) => { const rest = current.filter((id) => id !== file.uid); onChange?.(rest.length ? rest.join(',') : null); return true; }}
      >
        {!locked && current.length < maxCount && (busy ? <Spin /> : <div><PlusOutlined /><div>{tr('上传')}</div></div>)}
      </Upload>
      <Modal open={!!preview} title={tr('图片查看')} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {preview && <Image src={preview} alt="图片查看" preview={false} style={{ maxWidth: '100%' }} />}
      </Modal>
    </>
  );
}

/** Thumbnails of stored images (80x40) opening 图片查看: read-only forms and detail pop-ups. */
export function ImageView({ value }: { value?: string | null }) {
  const tr = useTr();
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <span className="wb-image-view">
      {ids(value).map((id) => <Thumb key={id} id={id} onOpen={setPreview} />)}
      <Modal open={!!preview} title={tr('图片查看')} footer={null} onCancel={() => setPreview(null)} destroyOnHidden>
        {preview && <img src={preview} alt="图片查看" style={{ maxWidth: '100%' }} />}
      </Modal>
    </span>
  );
}

export const ImageUpload = connect(ImageUploadBase, mapReadPretty(ImageView));
