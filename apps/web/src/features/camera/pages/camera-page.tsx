import '../../../lib/locales/page-texts';
import type { CompareResult } from '@anxun/shared/schemas/identity';
import { Alert, Card, Result } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FaceCapture } from '../../../components/face-capture/face-capture';
import { api, ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';

/**
 * /camera (public): a phone takes the photo of a face check for a desktop without a
 * camera. The QR code's single-use token says whose check it is; no login is needed here.
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
      if (!answer.passed) setError(answer.msg);
    } catch (err) {
      if (err instanceof ApiError && err.status === 410) setGone(true);
      else setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="camera-page">
      <Card title={t('face.cameraTitle')}>
        {gone ? (
          <Result status="warning" title={t('face.cameraNoToken')} data-testid="camera-gone" />
        ) : result?.passed ? (
          <Result status="success" title={t('face.cameraDone')} data-testid="camera-passed" />
        ) : result?.reason === 'MISMATCH' ? (
          // the comparison used the code up: a new one comes from the desktop
          <Result
            status="error"
            title={result.msg}
            subTitle={t('face.cameraRegenerate')}
            data-testid="camera-mismatch"
          />
        ) : (
          <>
            <p>{t('face.cameraIntro')}</p>
            {error && <Alert type="error" showIcon message={error} data-testid="camera-error" />}
            <FaceCapture onCapture={send} busy={busy} submitText={t('face.shoot')} />
          </>
        )}
      </Card>
    </main>
  );
}
