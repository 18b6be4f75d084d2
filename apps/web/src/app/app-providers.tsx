import { ConfigProvider } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n';
import { whenIdle } from '../shared/hooks/use-when-idle.hook';
import { onNotifierWanted } from '../shared/notify/notifier';
import { antdLocale, applyDayjsLocale } from './antd-locale';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';
import { CSS_VAR_KEY, themeConfig } from './theme';

const NotifierHolder = lazy(() => import('../shared/notify/notifier-holder.component'));

/**
 * The root of every screen: the class that carries antd's CSS variables, and antd's themed
 * message and notification APIs for code outside components (shared/notify/notifier.ts), fetched
 * when the browser is idle or by the first popup, so the login screen does not wait for them.
 * antd's <App> (its modal API brings Modal, Skeleton...) wraps only the signed-in shell
 * (features/layout/components/private-shell.component.tsx).
 */
function NotifierRoot({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onNotifierWanted(() => setWanted(true));
    const cancel = whenIdle(() => setWanted(true));
    return () => {
      onNotifierWanted(null);
      cancel();
    };
  }, []);
  return (
    <div className={`ant-app-root ${CSS_VAR_KEY}`}>
      {wanted ? (
        <Suspense fallback={null}>
          <NotifierHolder />
        </Suspense>
      ) : null}
      {children}
    </div>
  );
}

function ThemedApp({ children }: { children: ReactNode }) {
  const theme = useAppSelector((state) => state.preferences.theme);
  // The language i18next has switched to, once its texts (and antd's locale) are loaded, rather
  // than the one just chosen (features/preferences, i18n/i18n.ts changeLanguage).
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  applyDayjsLocale(language);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    document.documentElement.lang = language;
  }, [theme, language]);
  return (
    <ConfigProvider theme={themeConfig(theme)} locale={antdLocale(language)}>
      <NotifierRoot>{children}</NotifierRoot>
    </ConfigProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}
