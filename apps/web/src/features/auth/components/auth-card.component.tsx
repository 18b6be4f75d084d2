import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../preferences/components/language-switch.component';
import { ThemeToggle } from '../../preferences/components/theme-toggle.component';

/** The centred card of the public pages, with the language and theme switches. */
export function AuthCard({ title, subtitle, children, wide = false }: { title: string; subtitle?: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <main className="auth-page">
      <Flex className="auth-page-tools" gap={4}>
        <ThemeToggle />
        <LanguageSwitch showLabel />
      </Flex>
      <Card className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>
        <Flex vertical align="center" gap={4} className="auth-card-head">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <Typography.Text type="secondary">{t('appName')}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0, textAlign: 'center' }}>
            {title}
          </Typography.Title>
          {subtitle ? (
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {subtitle}
            </Typography.Text>
          ) : null}
        </Flex>
        {children}
      </Card>
    </main>
  );
}
