import { App } from 'antd';
import { RealtimeProvider } from '../../realtime/components/realtime.provider';
import { AppLayout } from './app-layout.component';

/**
 * Everything a signed-in user's pages sit in: antd's <App> (the modal API of `App.useApp()`), the
 * tab's socket and the drawer/top-bar shell. Its
 * own chunk (routes/router.tsx loads it lazily), so the login screen downloads neither.
 */
export default function PrivateShell() {
  return (
    <App component={false} message={{ maxCount: 3 }} notification={{ maxCount: 4 }}>
      <RealtimeProvider>
        <AppLayout />
      </RealtimeProvider>
    </App>
  );
}
