import { AVATAR_MAX_BYTES } from '@anxun/shared/constants';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ImageFileInput } from '../../../components/image-file-input';
import { PlainNotice } from '../../../components/plain-notice';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useUser } from '../../../stores/user-store';
import { removeAvatar, uploadAvatar } from '../api/account-api';

/**
 * 头像 (spec §3/§4: the avatar is the person's first SysPhoto file): shown in the header beside
 * the name. Chosen from a file (the server re-encodes it without its metadata) or removed; the
 * header follows at once.
 */
export function AvatarCard() {
  const { t } = useTranslation();
  const avatar = useUser((s) => s.avatar);
  const userId = useUser((s) => s.userId);
  const username = useUser((s) => s.username);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [asking, setAsking] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const run = async (work: () => Promise<string | null>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      useUser.setState({ avatar: await work() });
      notifySuccess(done);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const pick = (picked: File) => {
    // the server's limit, said before the upload rather than after it
    if (picked.size > AVATAR_MAX_BYTES) return setError(t('account.avatarTooBig'));
    void run(async () => (await uploadAvatar(picked)).filePath, t('account.avatarSaved'));
  };

  return (
    <div className="account-card plain-panel" data-testid="avatar-card">
      <h2 className="account-card-title">{t('account.avatar')}</h2>
      <div className="avatar-body">
        {avatar ? (
          <img src={avatar} width={80} height={80} className="avatar-photo" alt={t('account.avatar')} />
        ) : (
          <div className="avatar-none" aria-hidden="true">
            {username.slice(0, 1)}
          </div>
        )}
        <div>
          <p>{t('account.avatarHint')}</p>
          {error && <PlainNotice tone="error" title={error} testId="avatar-error" />}
          <div className="account-actions">
            <button
              type="button"
              className={`plain-btn primary${busy ? ' loading' : ''}`}
              aria-busy={busy}
              disabled={busy}
              onClick={() => file.current?.click()}
              data-testid="avatar-change"
            >
              {t('account.avatarChange')}
            </button>
            {avatar && (
              <button
                type="button"
                className="plain-btn"
                disabled={busy}
                onClick={() => setAsking(true)}
                data-testid="avatar-remove"
              >
                {t('account.avatarRemove')}
              </button>
            )}
          </div>
          <ImageFileInput ref={file} testId="avatar-file" onPick={pick} />
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        danger
        ok={t('account.avatarRemove')}
        onClose={() => setAsking(false)}
        onOk={() => void run(() => removeAvatar(userId ?? '').then(() => null), t('account.avatarRemoved'))}
        testId="avatar-remove-confirm"
      >
        {t('account.avatarRemoveAsk')}
      </ConfirmDialog>
    </div>
  );
}
