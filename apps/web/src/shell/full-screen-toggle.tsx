import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { notifyError } from '../lib/notify';

export function FullScreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      notifyError('开启全屏失败');
    }
  };
  return (
    <button
      type="button"
      className="header-widget optional-on-mobile"
      aria-label={full ? t('header.exitFullScreen') : t('theme.showFullScreen')}
      onClick={() => void toggle()}
    >
      {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </button>
  );
}
