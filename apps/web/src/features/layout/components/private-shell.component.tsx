import { RealtimeProvider } from '../../realtime/components/realtime.provider';
import { AppLayout } from './app-layout.component';

/**
 * Everything a signed-in user's pages sit in: the tab's socket and the drawer/top-bar shell. Its
 * own chunk (routes/router.tsx loads it lazily), so the login screen downloads neither.
 */
export default function PrivateShell() {
  return (
    <RealtimeProvider>
      <AppLayout />
    </RealtimeProvider>
  );
}
