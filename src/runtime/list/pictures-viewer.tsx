import { Empty, Image, Modal, Skeleton, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useImageUrl } from '../form/image-upload';
import { useRuntime, useTr } from '../runtime-context';

/** The image viewer of a list (spec 000 §2.4): its title and the text when a record has no pictures. */
export const PICTURES_TITLE = '抓拍图片';
export const NO_PICTURES = '未找到该登记的抓拍图片';

interface Picture { fileId: number; url: string; field: string; label: string }

/** One stored picture (read like the form's image thumbnails). */
function Picture({ picture }: { picture: Picture }) {
  const tr = useTr();
  const { url, failed } = useImageUrl(picture.fileId);
  if (failed) return <div className="wb-picture wb-picture-missing">{tr('图片不存在')}</div>;
  if (!url) return <div className="wb-picture"><Spin /></div>;
  return <Image src={url} alt={`${picture.label} ${picture.fileId}`} width={240} height={160} className="wb-picture" style={{ objectFit: 'cover' }} />;
}

/**
 * 抓拍图片: the pictures of one record (`GET {base}/getPics/{id}`), as thumbnails that open a
 * preview with the others; a record without pictures says so.
 */
export function PicturesViewer({ base, rowId, onClose }: { base: string; rowId: number | null; onClose(): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const [pictures, setPictures] = useState<Picture[] | null>(null);
  useEffect(() => {
    if (rowId === null) return;
    let live = true;
    setPictures(null);
    request<Picture[]>({ url: `${base}/getPics/${rowId}`, quiet: true })
      .then((list) => { if (live) setPictures(Array.isArray(list) ? list : []); })
      .catch(() => { if (live) setPictures([]); });
    return () => { live = false; };
  }, [base, rowId, request]);
  return (
    <Modal open={rowId !== null} title={tr(PICTURES_TITLE)} width="60%" footer={null} onCancel={onClose} destroyOnHidden className="wb-pictures-viewer">
      {pictures === null ? <Skeleton active /> : pictures.length === 0 ? <Empty description={tr(NO_PICTURES)} /> : (
        <Image.PreviewGroup>
          <Space wrap size={12}>
            {pictures.map((p) => <Picture key={p.fileId} picture={p} />)}
          </Space>
        </Image.PreviewGroup>
      )}
    </Modal>
  );
}
