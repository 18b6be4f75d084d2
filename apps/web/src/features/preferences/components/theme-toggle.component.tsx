import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { themeToggled } from '../preferences.slice';

export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.preferences.theme);
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        data-testid="theme-toggle"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => dispatch(themeToggled())}
      />
    </Tooltip>
  );
}
