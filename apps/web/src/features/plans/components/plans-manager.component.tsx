import { CheckOutlined, EditOutlined, MinusOutlined } from '@ant-design/icons';
import type { PlanView } from '@atrium/contracts';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/notify/notifier';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { ManagerActions } from '../../../shared/ui/manager-actions.component';
import { formatMoney } from '../../../shared/ui/money';
import { FORM_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { lengthRules } from '../../../shared/ui/validation-rules';
import { useCreatePlanMutation, useDeletePlanMutation, usePlansQuery, useUpdatePlanMutation, type PlanInput } from '../api/plans.api';
import { defaultPlan, PLAN_FLAGS } from '../plan-flags';

/** Planos tab (super users): limits, price and feature flags of each plan. */
export function PlansManager() {
  const { t, i18n } = useTranslation('settings');
  const [form] = Form.useForm<PlanInput>();
  const [editing, setEditing] = useState<PlanView | null>(null);
  const { data: plans, isFetching, isError } = usePlansQuery();
  const [createPlan, creating] = useCreatePlanMutation();
  const [updatePlan, updating] = useUpdatePlanMutation();
  const [deletePlan] = useDeletePlanMutation();
  useErrorPopup(isError, t('manager.loadFailed', { ns: 'common' }));

  const clear = () => {
    setEditing(null);
    form.resetFields();
    form.setFieldsValue(defaultPlan());
  };

  const submit = async (values: PlanInput) => {
    const input: PlanInput = {
      ...values,
      name: values.name.trim(),
      users: Number(values.users ?? 0),
      connections: Number(values.connections ?? 0),
      queues: Number(values.queues ?? 0),
      value: Number(values.value ?? 0),
    };
    await submitDelay(FORM_SUBMIT_DELAY_MS);
    try {
      if (editing) await updatePlan({ id: editing.id, ...input }).unwrap();
      else await createPlan(input).unwrap();
      toast.success(t('manager.saved', { ns: 'common' }));
      clear();
    } catch {
      toast.error(t('plans.saveFailed'));
    }
  };

  const remove = async () => {
    if (!editing) return;
    try {
      await deletePlan(editing.id).unwrap();
      toast.success(t('manager.saved', { ns: 'common' }));
      clear();
    } catch {
      toast.error(t('manager.deleteFailed', { ns: 'common' }));
    }
  };

  const flagCell = (on: boolean) =>
    on ? (
      <CheckOutlined style={{ color: 'var(--ant-color-success)' }} aria-label={t('plans.enabled')} />
    ) : (
      <MinusOutlined aria-label={t('plans.disabled')} />
    );

  const columns: TableColumnsType<PlanView> = [
    {
      key: 'edit',
      width: 56,
      render: (_, plan) => (
        <Button
          type="text"
          icon={<EditOutlined />}
          aria-label={t('edit', { ns: 'common' })}
          onClick={() => {
            setEditing(plan);
            form.setFieldsValue(plan);
          }}
        />
      ),
    },
    { title: t('plans.name'), dataIndex: 'name' },
    { title: t('plans.users'), dataIndex: 'users', align: 'center' },
    { title: t('plans.connections'), dataIndex: 'connections', align: 'center' },
    { title: t('plans.queues'), dataIndex: 'queues', align: 'center' },
    { title: t('plans.value'), dataIndex: 'value', render: (value: number) => formatMoney(value) },
    ...PLAN_FLAGS.map((flag) => ({ title: t(`plans.flags.${flag}`), dataIndex: flag, align: 'center' as const, render: flagCell })),
  ];

  const enabledOptions = [
    { value: true, label: t('plans.enabled') },
    { value: false, label: t('plans.disabled') },
  ];

  return (
    <div className="manager">
      <Card size="small" title={editing ? t('plans.editTitle') : t('plans.newTitle')}>
        <Form
          form={form}
          layout="vertical"
          initialValues={defaultPlan()}
          onFinish={(values) => void submit(values)}
          data-testid="plan-form"
        >
          <Row gutter={12}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="name" label={t('plans.name')} rules={lengthRules(t, 2, 50)}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="users" label={t('plans.users')}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="connections" label={t('plans.connections')}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="queues" label={t('plans.queues')}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="value" label={t('plans.value')}>
                <InputNumber
                  min={0}
                  precision={2}
                  step={0.01}
                  prefix="R$"
                  decimalSeparator={i18n.language === 'en' ? '.' : ','}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            {PLAN_FLAGS.map((flag) => (
              <Col key={flag} xs={12} md={6} xl={3}>
                <Form.Item name={flag} label={t(`plans.flags.${flag}`)}>
                  <Select options={enabledOptions} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <ManagerActions
            testId="plan"
            editing={editing !== null}
            saving={creating.isLoading || updating.isLoading}
            onClear={clear}
            onDelete={remove}
          />
        </Form>
      </Card>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <Table<PlanView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={plans ?? []}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 1100 }}
        />
      </Card>
    </div>
  );
}
