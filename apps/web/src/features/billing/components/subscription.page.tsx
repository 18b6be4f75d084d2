import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { subscriptionDaysLeft } from '../../auth/subscription';

/**
 * /subscription (spec 001 'Subscription'): read-only trial text with the days left until the
 * company's due date, the billing email, and 'Assine Agora!' which leads to the invoices to pay.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const user = useSessionUser();
  const navigate = useNavigate();
  const days = Math.max(0, subscriptionDaysLeft(user.company) ?? 0);
  return (
    <div className="page">
      <PageHeader title={t('subscription.title')} />
      <Card style={{ maxWidth: 560 }}>
        <Typography.Paragraph strong data-testid="subscription-trial">
          {t('subscription.trial', { count: days })}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('subscription.email')}>
            <Input readOnly value={user.email} data-testid="subscription-email" />
          </Form.Item>
        </Form>
        <Button type="primary" onClick={() => navigate('/financeiro')} data-testid="subscription-subscribe">
          {t('subscription.subscribe')}
        </Button>
      </Card>
    </div>
  );
}
