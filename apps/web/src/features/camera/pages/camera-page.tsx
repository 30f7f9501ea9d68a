import '../../../lib/locales/page-texts';
import { compareMessage } from '../../../components/face-check/compare-message';
import '../camera.css';
import type { CompareResult } from '@anxun/shared/schemas/identity';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FaceCapture } from '../../../components/face-capture/face-capture';
import { PlainNotice } from '../../../components/plain-notice';
import { api, ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';

/**
 * /camera (public): a phone takes the photo of a face check for a desktop without a
 * camera. The QR code's single-use token says whose check it is; no login is needed here.
 * Plain elements, no antd: the phone opens it from the QR code, a first visit, while the
 * check's window runs.
 */
export default function CameraPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CompareResult | undefined>();
  const [gone, setGone] = useState(!token);
  const [error, setError] = useState<string | undefined>();

  const send = async (photo: Blob) => {
    const form = new FormData();
    form.append('captureToken', token);
    form.append('photo', photo, 'face.jpg');
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.post<CompareResult>('/api/face/compare', { body: form, silent: true });
      setResult(answer);
      if (!answer.passed) setError(compareMessage(t, answer));
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) setGone(true);
      else setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="plain-page camera-page">
      <section className="plain-panel">
        <h1 className="plain-panel-title">{t('face.cameraTitle')}</h1>
        {gone ? (
          <PlainNotice tone="warning" title={t('face.cameraNoToken')} testId="camera-gone" />
        ) : result?.passed ? (
          <PlainNotice tone="success" title={t('face.cameraDone')} testId="camera-passed" />
        ) : result?.reason === 'MISMATCH' ? (
          // the comparison used the code up: a new one comes from the desktop
          <PlainNotice tone="error" title={compareMessage(t, result)} testId="camera-mismatch">
            {t('face.cameraRegenerate')}
          </PlainNotice>
        ) : (
          <>
            <p>{t('face.cameraIntro')}</p>
            {error && <PlainNotice tone="error" title={error} testId="camera-error" />}
            <FaceCapture onCapture={send} busy={busy} submitText={t('face.shoot')} />
          </>
        )}
      </section>
    </main>
  );
}
