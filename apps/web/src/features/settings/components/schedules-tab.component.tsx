import type { ScheduleRow } from '@atrium/contracts';
import { Button, Card, Form, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { FORM_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { useCompanyQuery, useUpdateCompanySchedulesMutation } from '../../companies/api/companies.api';
import { scheduleRows } from '../company-schedule';
import { CompanyTimeZoneField } from './company-time-zone.component';
import { WeekScheduleFields } from './week-schedule-fields.component';

/** Horários: the company's business hours, shown when the schedule type setting is 'company'. */
export function SchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<{ schedules: ScheduleRow[] }>();
  const { data: company, isLoading } = useCompanyQuery(companyId);
  const [save, { isLoading: saving }] = useUpdateCompanySchedulesMutation();

  useEffect(() => {
    if (!isLoading) form.setFieldsValue({ schedules: scheduleRows(company?.schedules) });
  }, [company, isLoading, form]);

  const submit = async () => {
    // Every row with its weekday names, not only the time fields the form renders.
    const { schedules } = form.getFieldsValue(true) as { schedules: ScheduleRow[] };
    await submitDelay(FORM_SUBMIT_DELAY_MS);
    try {
      await save({ id: companyId, schedules }).unwrap();
      toast.success(t('schedules.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  if (isLoading) return <Skeleton active />;
  return (
    <Card title={t('schedules.title')} size="small">
      <Form form={form} layout="vertical" onFinish={() => void submit()} data-testid="schedules-form">
        <CompanyTimeZoneField />
        <WeekScheduleFields form={form} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('save', { ns: 'common' })}
        </Button>
      </Form>
    </Card>
  );
}
