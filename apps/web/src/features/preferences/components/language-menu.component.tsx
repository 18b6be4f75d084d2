import { Dropdown } from 'antd';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { isLanguage } from '../../../i18n/i18n';
import { LANGUAGES } from '../../../locales/languages';
import { languageChanged } from '../preferences.slice';

/** The pt / en / es menu around the switch's button (antd's Dropdown and Menu: a chunk of its own). */
/** `openRequested`: the switch was clicked, possibly before this chunk arrived (that click reached no Dropdown). */
export default function LanguageMenu({ openRequested, children }: { openRequested: boolean; children: ReactElement }) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.preferences.language);
  const [open, setOpen] = useState(openRequested);
  useEffect(() => {
    if (openRequested) setOpen(true);
  }, [openRequested]);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((code) => ({ key: code, label: <span data-testid={`language-${code}`}>{t(`languages.${code}`)}</span> })),
        onClick: ({ key }) => {
          setOpen(false);
          if (isLanguage(key)) dispatch(languageChanged(key));
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
