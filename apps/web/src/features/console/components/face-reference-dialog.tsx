import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Image, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { FileButton } from './file-button';
import { clearFaceReference, consoleKeys, setFaceReference, useFaceReference, type Learner } from '../api/console-api';

/** 本人照片: the face every check of this learner is compared with — seen, replaced or cleared. */
export function FaceReferenceDialog({ learner, onClose }: { learner: Learner; onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const reference = useFaceReference(learner.id);
  const [busy, setBusy] = useState(false);
  const changed = () => void client.invalidateQueries({ queryKey: consoleKeys.faceReference(learner.id) });
  const upload = async (file: File) => {
    setBusy(true);
    try {
      await setFaceReference(learner.id, file);
      notifySuccess(t('console.face.saved'));
      changed();
    } catch {
      // the error toast says why (no face, two faces, too large)
    } finally {
      setBusy(false);
    }
  };
  const info = reference.data;
  return (
    <Modal open title={t('console.face.title', { name: learner.name })} onCancel={onClose} footer={null}>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="face-reference">
        {info?.hasReference && info.photoUrl ? (
          <>
            <Image src={info.photoUrl} width={200} alt={t('console.face.photo')} />
            <span>
              {t(info.setByAdmin ? 'console.face.byAdmin' : 'console.face.byLearner')}
              {info.updatedAt ? ` · ${formatDateTime(info.updatedAt)}` : ''}
            </span>
          </>
        ) : (
          <Empty description={reference.isPending ? t('console.importing') : t('console.face.none')} />
        )}
        <span>{t('console.face.hint')}</span>
        <Space wrap>
          <FileButton
            type="primary"
            loading={busy}
            accept="image/jpeg,image/png,image/webp"
            testId="face-reference-file"
            onFile={(file) => void upload(file)}
          >
            {info?.hasReference ? t('console.face.replace') : t('console.face.set')}
          </FileButton>
          {info?.hasReference && (
            <Popconfirm
              title={t('console.face.clearConfirm')}
              onConfirm={() =>
                clearFaceReference(learner.id)
                  .then(() => {
                    notifySuccess(t('console.face.cleared'));
                    changed();
                  })
                  .catch(() => undefined)
              }
            >
              <Button danger loading={busy}>
                {t('console.face.clear')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Space>
    </Modal>
  );
}
