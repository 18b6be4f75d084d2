import { Col, Form, Input, Row, Typography, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { HH_MM, maskTime } from '../../../shared/ui/time-mask';
import { endNotBeforeStart } from '../company-schedule';

/**
 * The seven weekday rows of a week of hours (company Horários tab, queue 'Horários de
 * Atendimento'): weekday name, start and end with the HH:MM mask; the end not before the start.
 * The form keeps each row's weekday names, so `getFieldsValue(true)` yields whole ScheduleRows.
 */
export function WeekScheduleFields({ form, name = 'schedules' }: { form: FormInstance; name?: string }) {
  const { t } = useTranslation('settings');
  const timeRule = {
    validator: (_: unknown, value: string | undefined) =>
      !value || HH_MM.test(value) ? Promise.resolve() : Promise.reject(new Error(t('schedules.invalidTime'))),
  };
  const toTime = (event: React.ChangeEvent<HTMLInputElement>) => maskTime(event.target.value);
  return (
    <Form.List name={name}>
      {(fields) =>
        fields.map((field) => {
          const startPath: NamePath = [name, field.name, 'startTime'];
          return (
            <Row key={field.key} gutter={12} align="bottom" className="schedule-row">
              <Col xs={24} sm={8}>
                <Form.Item noStyle shouldUpdate>
                  {() => (
                    <Typography.Text strong style={{ display: 'block', paddingBlock: 6 }}>
                      {t(`weekdays.${form.getFieldValue([name, field.name, 'weekdayEn']) as string}`)}
                    </Typography.Text>
                  )}
                </Form.Item>
              </Col>
              <Col xs={12} sm={8}>
                <Form.Item name={[field.name, 'startTime']} label={t('schedules.start')} rules={[timeRule]} getValueFromEvent={toTime}>
                  <Input placeholder="HH:MM" inputMode="numeric" maxLength={5} />
                </Form.Item>
              </Col>
              <Col xs={12} sm={8}>
                <Form.Item
                  name={[field.name, 'endTime']}
                  label={t('schedules.end')}
                  dependencies={[startPath]}
                  getValueFromEvent={toTime}
                  rules={[
                    timeRule,
                    ({ getFieldValue }) => ({
                      validator: (_: unknown, value: string | undefined) =>
                        endNotBeforeStart(getFieldValue(startPath) as string | undefined, value)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('schedules.endBeforeStart'))),
                    }),
                  ]}
                >
                  <Input placeholder="HH:MM" inputMode="numeric" maxLength={5} />
                </Form.Item>
              </Col>
            </Row>
          );
        })
      }
    </Form.List>
  );
}
