import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FaceCapture } from '../../../components/face-capture/face-capture';
import { ImageFileInput } from '../../../components/image-file-input';
import { PlainDialog } from '../../../components/plain-dialog';
import { PlainNotice } from '../../../components/plain-notice';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { accountKeys, uploadReference, useReference } from '../api/account-api';

/**
 * 本人照片: the face every check is compared with — taken with the camera or uploaded. Opened
 * to set it (a check, or 我的学习, found none: `setReferenceState`), the card comes into view
 * with its camera open, and once saved offers the way back to where the learner was.
 */
export function ReferencePhotoCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useReference();
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const file = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  /** the page the learner was sent here from, to go back to once the photo is saved */
  const [from, setFrom] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const asked = (location.state as { setReference?: boolean; from?: string } | null) ?? undefined;
  useEffect(() => {
    if (!asked?.setReference || !data) return;
    if (asked.from && !asked.from.startsWith('/setting/personalCenter')) setFrom(asked.from);
    card.current?.scrollIntoView({ block: 'start' });
    if (data.selfAllowed) setCamera(true);
    // asked once: back here, or a reload, does not open the camera again
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [asked, data, location.pathname, location.search, navigate]);

  const save = async (photo: Blob, via: 'camera' | 'upload') => {
    setBusy(true);
    setError(undefined);
    try {
      const info = await uploadReference(photo, via);
      client.setQueryData(accountKeys.reference, info);
      setCamera(false);
      setSaved(true);
      notifySuccess(t('face.reference.saved'));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-card plain-panel" data-testid="reference-card" ref={card}>
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
          {saved && from && (
            <PlainNotice
              tone="success"
              title={t('face.reference.saved')}
              testId="reference-saved"
              action={
                <Link
                  className="plain-btn small primary"
                  to={from}
                  data-testid="reference-back"
                  // said once: the page stays alive, and a later visit is not sent back again
                  onClick={() => (setSaved(false), setFrom(undefined))}
                >
                  {t('face.reference.backToStudy')}
                </Link>
              }
            />
          )}
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
          <FaceCapture
            onCapture={(photo) => save(photo, 'camera')}
            busy={busy}
            submitText={t('face.reference.save')}
            otherWay={t('face.camera.orUpload')}
          />
        )}
      </PlainDialog>
    </div>
  );
}
