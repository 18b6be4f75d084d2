import { beforeAll } from '@jest/globals';
import { allTextsReady } from '../src/i18n/i18n';

/**
 * The public screens, the signed-in shell and the widgets fetched after the first screen (the
 * notifier, the language menu, the tooltip) are lazy chunks in the app; a test file that renders
 * the app loads them once before its tests, as the browser fetches them, so that no test's wait
 * includes compiling them on a busy machine. One after the other: Jest's ESM loader can fail
 * concurrent imports of a shared module ("request for '…' is not in cache").
 */
export function loadLazyChunksFirst({ screens = true }: { screens?: boolean } = {}): void {
  beforeAll(async () => {
    await allTextsReady;
    await import('../src/shared/notify/notifier-holder.component');
    await import('../src/features/preferences/components/language-menu.component');
    await import('antd/es/tooltip');
    if (!screens) return;
    await import('../src/features/auth/components/login.page');
    await import('../src/features/auth/components/signup.page');
    await import('../src/features/auth/components/forgot-password.page');
    await import('../src/features/layout/components/private-shell.component');
  }, 120_000);
}
