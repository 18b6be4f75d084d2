import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { whenIdle } from '../../../shared/hooks/use-when-idle.hook';

const LanguageMenu = lazy(() => import('./language-menu.component'));

/**
 * pt / en / es switch; the choice is kept in the browser. The button shows at once; its menu
 * (antd's Dropdown and Menu) comes after the page, when idle or on the first hover or click,
 * so the login screen does not wait for it.
 */
export function LanguageSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation('common');
  const language = useAppSelector((state) => state.preferences.language);
  const [menu, setMenu] = useState<'none' | 'ready' | 'open'>('none');
  // 'open' wins over 'ready': a click while the menu's chunk is still loading opens it once it is there
  const want = (state: 'ready' | 'open') => setMenu((current) => (current === 'none' || state === 'open' ? state : current));
  useEffect(() => whenIdle(() => want('ready')), []);

  const button = (
    <Button
      type="text"
      shape={showLabel ? 'default' : 'circle'}
      icon={<GlobalOutlined />}
      aria-label={t('language')}
      data-testid="language-switch"
      onPointerEnter={() => want('ready')}
      onClick={() => want('open')}
    >
      {showLabel ? t(`languages.${language}`) : null}
    </Button>
  );
  if (menu === 'none') return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu openRequested={menu === 'open'}>{button}</LanguageMenu>
    </Suspense>
  );
}
