import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../preferences/components/language-switch.component';
import { ThemeToggle } from '../../preferences/components/theme-toggle.component';

/** The centred card of the public pages, with the language and theme switches. */
export function AuthCard({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <main className="auth-page">
      <Flex className="auth-page-tools" gap={4}>
        <ThemeToggle />
        <LanguageSwitch showLabel />
      </Flex>
      {/* A plain box rather than antd's Card, which brings Tabs and Skeleton to the login screen. */}
      <section className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <Flex vertical align="center" gap={4} className="auth-card-head">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          {/* Plain elements styled with antd's tokens (styles/global.css): Typography is not worth its weight here. */}
          <span className="auth-card-secondary">{t('appName')}</span>
          <h1 className="auth-card-title">{title}</h1>
          {subtitle ? <span className="auth-card-secondary">{subtitle}</span> : null}
        </Flex>
        {children}
      </section>
    </main>
  );
}
