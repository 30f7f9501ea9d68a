import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FaceCapture } from '../../../components/face-capture/face-capture';
import { ImageFileInput } from '../../../components/image-file-input';
import { PlainDialog } from '../../../components/plain-dialog';
import { PlainNotice } from '../../../components/plain-notice';
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
    <div className="account-card plain-panel" data-testid="reference-card">
      <h2 className="account-card-title">{t('face.reference.title')}</h2>
      <div className="reference-body">
        {data?.photoUrl ? (
          <a href={data.photoUrl} target="_blank" rel="noreferrer" className="reference-photo-link">
            <img
              src={data.photoUrl}
              width={160}
              height={160}
              className="reference-photo"
              alt={t('face.reference.title')}
            />
          </a>
        ) : (
          <div className="reference-none">{t('face.reference.none')}</div>
        )}
        <div>
          <p>{t('face.reference.hint')}</p>
          {data?.updatedAt && (
            <p className="reference-meta" data-testid="reference-updated">
              {t('face.reference.updated')} {formatDateTime(data.updatedAt)}
              {data.setByAdmin ? ` · ${t('face.reference.setByAdmin')}` : ''}
            </p>
          )}
          {error && !camera && <PlainNotice tone="error" title={error} testId="reference-error" />}
          {data && !data.selfAllowed ? (
            <PlainNotice tone="info" title={t('face.reference.byManagerOnly')} testId="reference-by-manager" />
          ) : (
            <div className="account-actions">
              <button
                type="button"
                className="plain-btn primary"
                onClick={() => setCamera(true)}
                data-testid="reference-camera"
              >
                {t('face.reference.take')}
              </button>
              <button
                type="button"
                className={`plain-btn${busy && !camera ? ' loading' : ''}`}
                aria-busy={busy && !camera}
                disabled={busy}
                onClick={() => file.current?.click()}
              >
                {t('face.reference.upload')}
              </button>
            </div>
          )}
          <ImageFileInput ref={file} testId="reference-file" onPick={(picked) => void save(picked, 'upload')} />
        </div>
      </div>
      <PlainDialog
        open={camera}
        title={t('face.reference.take')}
        onClose={() => setCamera(false)}
        className="reference-dialog"
        footer={
          <button type="button" className="plain-btn small" onClick={() => setCamera(false)}>
            {t('common.cancel')}
          </button>
        }
      >
        {error && <PlainNotice tone="error" title={error} />}
        {/* the camera runs only while the dialog is open */}
        {camera && (
          <FaceCapture onCapture={(photo) => save(photo, 'camera')} busy={busy} submitText={t('face.reference.save')} />
        )}
      </PlainDialog>
    </div>
  );
}
