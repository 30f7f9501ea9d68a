import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Image, Modal, Space } from 'antd';
import { useRef, useState } from 'react';
import { FaceCapture } from '../../../components/face-capture/face-capture';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { accountKeys, uploadReference, useReference } from '../api/account-api';

/** 本人照片: the face every check is compared with — taken with the camera or uploaded. */
export function ReferencePhotoCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useReference();
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const file = useRef<HTMLInputElement>(null);

  const save = async (photo: Blob, via: 'camera' | 'upload') => {
    setBusy(true);
    setError(undefined);
    try {
      const info = await uploadReference(photo, via);
      client.setQueryData(accountKeys.reference, info);
      setCamera(false);
      notifySuccess(t('face.reference.saved'));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('face.reference.title')} className="account-card" data-testid="reference-card">
      <div className="reference-body">
        {data?.photoUrl ? (
          <Image src={data.photoUrl} width={160} height={160} className="reference-photo" alt="" />
        ) : (
          <Empty description={t('face.reference.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
        <div>
          <p>{t('face.reference.hint')}</p>
          {data?.updatedAt && (
            <p className="reference-meta" data-testid="reference-updated">
              {t('face.reference.updated')} {formatDateTime(data.updatedAt)}
              {data.setByAdmin ? ` · ${t('face.reference.setByAdmin')}` : ''}
            </p>
          )}
          {error && !camera && <Alert type="error" showIcon message={error} data-testid="reference-error" />}
          <Space wrap>
            <Button type="primary" onClick={() => setCamera(true)} data-testid="reference-camera">
              {t('face.reference.take')}
            </Button>
            <Button onClick={() => file.current?.click()} loading={busy && !camera}>
              {t('face.reference.upload')}
            </Button>
          </Space>
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            data-testid="reference-file"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              e.target.value = '';
              if (picked) void save(picked, 'upload');
            }}
          />
        </div>
      </div>
      <Modal
        open={camera}
        title={t('face.reference.take')}
        footer={null}
        onCancel={() => setCamera(false)}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon message={error} />}
        <FaceCapture onCapture={(photo) => save(photo, 'camera')} busy={busy} submitText={t('face.reference.save')} />
      </Modal>
    </Card>
  );
}
