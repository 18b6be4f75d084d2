import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The signed-in user could not be loaded: say so, and offer to try again. */
export default function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="full-page-center">
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('tryAgain')}
          </Button>
        }
      />
    </div>
  );
}
