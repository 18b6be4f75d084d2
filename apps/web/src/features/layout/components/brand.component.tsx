import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={collapsed ? 'brand brand-collapsed' : 'brand'}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {collapsed ? null : (
        <Typography.Text strong className="brand-name">
          {t('appName')}
        </Typography.Text>
      )}
    </div>
  );
}
