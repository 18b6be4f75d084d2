import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../features/preferences/preferences.slice';

/** The class under which antd declares its CSS variables (`var(--ant-…)` in styles/global.css). */
export const CSS_VAR_KEY = 'atrium';

/** antd theme of the app: light or dark, one brand colour, drawer and header on the container colour. */
export function themeConfig(mode: ThemeMode): ThemeConfig {
  const dark = mode === 'dark';
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    cssVar: { key: CSS_VAR_KEY },
    token: {
      colorPrimary: '#1677ff',
      borderRadius: 8,
      fontFamily: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      colorBgLayout: dark ? '#0b0d12' : '#f4f6fa',
    },
    components: {
      Layout: {
        headerBg: dark ? '#141414' : '#ffffff',
        siderBg: dark ? '#141414' : '#ffffff',
        headerHeight: 56,
        headerPadding: '0 12px',
      },
      Menu: { itemBorderRadius: 8, itemMarginInline: 8, activeBarBorderWidth: 0 },
    },
  };
}
