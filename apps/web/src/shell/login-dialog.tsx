import { Modal } from 'antd';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';

/** The header's login dialog (spec §2): on success go to /study and close. */
export function LoginDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal open={open} title={t('login.title')} footer={null} onCancel={onClose} destroyOnHidden width={400}>
      <LoginForm
        onSuccess={() => {
          onClose();
          navigate('/study');
        }}
        onRegister={() => {
          onClose();
          navigate('/register');
        }}
      />
    </Modal>
  );
}
