import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { bindNotifier } from '../shared/notify/notifier';
import { antdLocale, applyDayjsLocale } from './antd-locale';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';
import { themeConfig } from './theme';

/** Hands antd's themed message/notification/modal APIs to code outside components (error popups). */
function NotifierBridge() {
  const apis = AntApp.useApp();
  useEffect(() => {
    bindNotifier(apis);
    return () => bindNotifier(null);
  }, [apis]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { theme, language } = useAppSelector((state) => state.preferences);
  applyDayjsLocale(language);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
    document.documentElement.lang = language;
  }, [theme, language]);
  return (
    <ConfigProvider theme={themeConfig(theme)} locale={antdLocale(language)}>
      <AntApp className="ant-app-root" message={{ maxCount: 3 }} notification={{ maxCount: 4 }}>
        <NotifierBridge />
        {children}
      </AntApp>
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
