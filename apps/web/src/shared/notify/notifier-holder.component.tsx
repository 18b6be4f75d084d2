import { message, notification } from 'antd';
import { useEffect } from 'react';
import { bindNotifier } from './notifier';

/**
 * antd's themed message and notification APIs, bound for code outside components (toasts, error
 * popups). A chunk of its own that app/app-providers.tsx loads after the first screen.
 */
export default function NotifierHolder() {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification({ maxCount: 4 });
  useEffect(() => {
    bindNotifier({ message: messageApi, notification: notificationApi });
    return () => bindNotifier(null);
  }, [messageApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
