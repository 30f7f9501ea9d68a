import { message } from 'antd';
import { useEffect } from 'react';
import { setNotifier } from '../lib/notify';
import { AntdProvider } from './antd-provider';

/**
 * Gives the API client antd's message API (toasts need the ConfigProvider's context).
 * Its own chunk, loaded after the first paint: toasts raised before it arrives wait for it.
 */
export function NotifierHost() {
  return (
    <AntdProvider>
      <Messages />
    </AntdProvider>
  );
}

function Messages() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setNotifier({
      error: (content, duration) => void api.error({ content, duration }),
      success: (content, duration) => void api.success({ content, duration }),
      clear: () => api.destroy(),
    });
    return () => setNotifier(undefined);
  }, [api]);
  return holder;
}
