import { Card, Empty } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';

/** Empty state for pages whose own issue has not landed yet; menu, guards and redirects are final. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t(titleKey, { ns: 'routes' })} />
      <Card>
        <Empty description={t('comingSoon')} />
      </Card>
    </div>
  );
}

export function comingSoon(titleKey: string): ComponentType {
  const Page = () => <ComingSoonPage titleKey={titleKey} />;
  Page.displayName = `ComingSoon(${titleKey})`;
  return Page;
}
