import type { ScheduleRow } from '@atrium/contracts';
import { Button, Card, Col, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { FORM_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { HH_MM, maskTime } from '../../../shared/ui/time-mask';
import { useCompanyQuery, useUpdateCompanySchedulesMutation } from '../../companies/api/companies.api';
import { scheduleRows } from '../company-schedule';

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

  const timeRule = { validator: (_: unknown, value: string | undefined) => (!value || HH_MM.test(value) ? Promise.resolve() : Promise.reject(new Error(t('schedules.invalidTime')))) };

  if (isLoading) return <Skeleton active />;
  return (
    <Card title={t('schedules.title')} size="small">
      <Form form={form} layout="vertical" onFinish={() => void submit()} data-testid="schedules-form">
        <Form.List name="schedules">
          {(fields) =>
            fields.map((field) => (
              <Row key={field.key} gutter={12} align="bottom" className="schedule-row">
                <Col xs={24} sm={8}>
                  <Form.Item noStyle shouldUpdate>
                    {() => (
                      <Typography.Text strong style={{ display: 'block', paddingBlock: 6 }}>
                        {t(`weekdays.${form.getFieldValue(['schedules', field.name, 'weekdayEn']) as string}`)}
                      </Typography.Text>
                    )}
                  </Form.Item>
                </Col>
                <Col xs={12} sm={8}>
                  <Form.Item name={[field.name, 'startTime']} label={t('schedules.start')} rules={[timeRule]} getValueFromEvent={(event: React.ChangeEvent<HTMLInputElement>) => maskTime(event.target.value)}>
                    <Input placeholder="HH:MM" inputMode="numeric" maxLength={5} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={8}>
                  <Form.Item name={[field.name, 'endTime']} label={t('schedules.end')} rules={[timeRule]} getValueFromEvent={(event: React.ChangeEvent<HTMLInputElement>) => maskTime(event.target.value)}>
                    <Input placeholder="HH:MM" inputMode="numeric" maxLength={5} />
                  </Form.Item>
                </Col>
              </Row>
            ))
          }
        </Form.List>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('save', { ns: 'common' })}
        </Button>
      </Form>
    </Card>
  );
}
