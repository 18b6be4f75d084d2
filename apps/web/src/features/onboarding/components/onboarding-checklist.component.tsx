import type { OnboardingStep } from '@atrium/contracts';
import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toastError } from '../../../shared/notify/error-popup';
import { useDismissOnboardingMutation, useOnboardingQuery } from '../api/onboarding.api';

/** Where each step is done. */
const STEP_PATHS: Record<OnboardingStep, string> = {
  connection: '/connections',
  queue: '/queues',
  agent: '/users',
  greeting: '/queues',
};

/**
 * The first-run checklist on a new company's dashboard (admins): connect a WhatsApp number, add a
 * queue, invite an agent, set the greeting. Each step is ticked from the company's data (server),
 * links to its page, and the whole card can be closed for the company. Nothing shows once it is
 * closed or every step is done, nor when it cannot be read.
 */
export function OnboardingChecklist() {
  const { t } = useTranslation('dashboard');
  const { data } = useOnboardingQuery(undefined, { refetchOnMountOrArgChange: true });
  const [dismiss, { isLoading }] = useDismissOnboardingMutation();
  if (!data || data.dismissed || data.complete) return null;
  const done = data.steps.filter((step) => step.done).length;

  const close = async () => {
    try {
      await dismiss(true).unwrap();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Card
      data-testid="onboarding"
      title={t('onboarding.title')}
      extra={
        <Button
          type="text"
          icon={<CloseOutlined />}
          loading={isLoading}
          onClick={() => void close()}
          aria-label={t('onboarding.dismiss')}
          data-testid="onboarding-dismiss"
        >
          {t('onboarding.dismiss')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('onboarding.intro')}</Typography.Text>
        <Progress
          percent={Math.round((done / data.steps.length) * 100)}
          format={() => t('onboarding.progress', { done, total: data.steps.length })}
          data-testid="onboarding-progress"
        />
        <List
          dataSource={data.steps}
          renderItem={(step) => (
            <List.Item
              data-testid={`onboarding-${step.key}`}
              data-done={String(step.done)}
              actions={
                step.done
                  ? []
                  : [
                      <Link key="go" to={STEP_PATHS[step.key]}>
                        {t(`onboarding.steps.${step.key}.action`)}
                      </Link>,
                    ]
              }
            >
              <Flex gap={8} align="center">
                <CheckCircleFilled style={{ color: step.done ? '#52c41a' : '#d9d9d9' }} aria-hidden />
                <Typography.Text delete={step.done}>{t(`onboarding.steps.${step.key}.title`)}</Typography.Text>
                {step.done ? <Typography.Text type="success">{t('onboarding.done')}</Typography.Text> : null}
              </Flex>
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}
