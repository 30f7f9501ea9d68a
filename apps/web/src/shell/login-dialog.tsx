import { Modal } from 'antd';
import { useRef } from 'react';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';

/**
 * The header's login dialog (spec §2): on success go to /study and close. Opened, the account
 * field has the focus (not the close button): typing is what it is opened for.
 */
export function LoginDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open={open}
      title={t('login.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={400}
      // the field has it as the dialog appears; after the opening animation, once more if the
      // dialog's own focus handling moved it
      afterOpenChange={(opened) => {
        if (opened && !form.current?.contains(document.activeElement)) form.current?.querySelector('input')?.focus();
      }}
    >
      <div ref={form}>
        <LoginForm
          autoFocus
          onSuccess={() => {
            onClose();
            navigate('/study');
          }}
          onRegister={() => {
            onClose();
            navigate('/register');
          }}
        />
      </div>
    </Modal>
  );
}
