import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useWhenIdle } from '../../../shared/hooks/use-when-idle.hook';
import { lazyDefault } from '../../../shared/ui/lazy-default';
import { themeToggled } from '../preferences.slice';

/** antd's Tooltip (and its popup machinery) comes after the screen: the button works without it. */
const Tooltip = lazyDefault(() => import('antd/es/tooltip'));

export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.preferences.theme);
  const idle = useWhenIdle();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  const button = (
    <Button
      type="text"
      shape="circle"
      aria-label={label}
      data-testid="theme-toggle"
      icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      onClick={() => dispatch(themeToggled())}
    />
  );
  if (!idle) return button;
  return (
    <Suspense fallback={button}>
      <Tooltip title={label}>{button}</Tooltip>
    </Suspense>
  );
}
