import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { isLanguage } from '../../../i18n/i18n';
import { LANGUAGES } from '../../../locales/resources';
import { languageChanged } from '../preferences.slice';

/** pt / en / es switch; the choice is kept in the browser. */
export function LanguageSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.preferences.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((code) => ({ key: code, label: <span data-testid={`language-${code}`}>{t(`languages.${code}`)}</span> })),
        onClick: ({ key }) => {
          if (isLanguage(key)) dispatch(languageChanged(key));
        },
      }}
    >
      <Button type="text" shape={showLabel ? 'default' : 'circle'} icon={<GlobalOutlined />} aria-label={t('language')} data-testid="language-switch">
        {showLabel ? t(`languages.${language}`) : null}
      </Button>
    </Dropdown>
  );
}
