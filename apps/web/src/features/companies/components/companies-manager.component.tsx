import { EditOutlined } from '@ant-design/icons';
import type { CompanyView, Recurrence } from '@atrium/contracts';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, isoDate } from '../../../shared/dates/dates';
import { toast } from '../../../shared/notify/notifier';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { ManagerActions } from '../../../shared/ui/manager-actions.component';
import { maskPhone, phoneDigits } from '../../../shared/ui/phone-mask';
import { FORM_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { emailRules, lengthRules } from '../../../shared/ui/validation-rules';
import { usePlansQuery } from '../../plans/api/plans.api';
import {
  useCompaniesQuery,
  useCreateCompanyMutation,
  useDeleteCompanyMutation,
  useUpdateCompanyMutation,
  type CompanyInput,
} from '../api/companies.api';
import { dueDateTone, extendDueDate } from '../due-date';

interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: number | undefined;
  status: boolean;
  campaignsEnabled: boolean;
  dueDate: Dayjs | null;
  recurrence: Recurrence;
  password: string;
}

const EMPTY: CompanyFormValues = {
  name: '',
  email: '',
  phone: '',
  planId: undefined,
  status: true,
  campaignsEnabled: true,
  dueDate: null,
  recurrence: 'MENSAL',
  password: '',
};

function campaignsEnabledOf(company: CompanyView): boolean {
  return company.settings.some((setting) => setting.key === 'campaignsEnabled' && setting.value === 'true');
}

function valuesOf(company: CompanyView): CompanyFormValues {
  return {
    name: company.name,
    email: company.email ?? '',
    phone: maskPhone(company.phone ?? ''),
    planId: company.planId,
    status: company.status,
    campaignsEnabled: campaignsEnabledOf(company),
    dueDate: company.dueDate ? dayjs(company.dueDate) : null,
    recurrence: company.recurrence,
    password: '',
  };
}

/** Empresas tab (super users): form + table, due-date colours and '+ Vencimento' (spec 001 sections 2 and 4). */
export function CompaniesManager() {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<CompanyFormValues>();
  const [editing, setEditing] = useState<CompanyView | null>(null);
  const { data: companies, isFetching, isError } = useCompaniesQuery();
  const { data: plans } = usePlansQuery();
  const [createCompany, creating] = useCreateCompanyMutation();
  const [updateCompany, updating] = useUpdateCompanyMutation();
  const [deleteCompany] = useDeleteCompanyMutation();
  useErrorPopup(isError, t('manager.loadFailed', { ns: 'common' }));

  const clear = () => {
    setEditing(null);
    form.resetFields();
    form.setFieldsValue(EMPTY);
  };

  const edit = (company: CompanyView) => {
    setEditing(company);
    form.setFieldsValue(valuesOf(company));
  };

  const submit = async (values: CompanyFormValues) => {
    const input: CompanyInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: phoneDigits(values.phone ?? ''),
      planId: Number(values.planId),
      status: values.status,
      campaignsEnabled: values.campaignsEnabled,
      // An empty or invalid due date is sent as null (spec 001 section 5).
      dueDate: values.dueDate && values.dueDate.isValid() ? isoDate(values.dueDate) : null,
      recurrence: values.recurrence,
    };
    if (!editing && values.password) input.password = values.password;
    await submitDelay(FORM_SUBMIT_DELAY_MS);
    try {
      if (editing) await updateCompany({ id: editing.id, ...input }).unwrap();
      else await createCompany(input).unwrap();
      toast.success(t('manager.saved', { ns: 'common' }));
      clear();
    } catch {
      toast.error(t('companies.saveFailed'));
    }
  };

  const remove = async () => {
    if (!editing) return;
    try {
      await deleteCompany(editing.id).unwrap();
      toast.success(t('manager.saved', { ns: 'common' }));
      clear();
    } catch {
      toast.error(t('manager.deleteFailed', { ns: 'common' }));
    }
  };

  const addRecurrence = () => {
    const current = form.getFieldValue('dueDate') as Dayjs | null;
    const recurrence = form.getFieldValue('recurrence') as Recurrence;
    form.setFieldValue('dueDate', dayjs(extendDueDate(current?.isValid() ? isoDate(current) : null, recurrence)));
  };

  const planName = (company: CompanyView) => company.plan?.name ?? plans?.find((plan) => plan.id === company.planId)?.name ?? '';

  const columns: TableColumnsType<CompanyView> = [
    {
      key: 'edit',
      width: 56,
      render: (_, company) => (
        <Button type="text" icon={<EditOutlined />} aria-label={t('edit', { ns: 'common' })} onClick={() => edit(company)} />
      ),
    },
    { title: t('companies.name'), dataIndex: 'name', ellipsis: true },
    { title: t('companies.email'), dataIndex: 'email', ellipsis: true },
    { title: t('companies.phone'), dataIndex: 'phone', render: (phone: string | null) => maskPhone(phone ?? '') },
    { title: t('companies.plan'), key: 'plan', render: (_, company) => planName(company) },
    {
      title: t('companies.campaigns'),
      key: 'campaigns',
      render: (_, company) => (campaignsEnabledOf(company) ? t('companies.enabled') : t('companies.disabled')),
    },
    {
      title: t('companies.status'),
      dataIndex: 'status',
      render: (status: boolean) => (
        <Tag color={status ? 'green' : 'default'}>{status ? t('yes', { ns: 'common' }) : t('no', { ns: 'common' })}</Tag>
      ),
    },
    { title: t('companies.createdAt'), dataIndex: 'createdAt', render: (value: string) => formatDate(value) },
    { title: t('companies.dueDate'), dataIndex: 'dueDate', render: (value: string | null) => formatDate(value) },
  ];

  return (
    <div className="manager">
      <Card size="small" title={editing ? t('companies.editTitle') : t('companies.newTitle')}>
        <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={(values) => void submit(values)} data-testid="company-form">
          <Row gutter={12}>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="name" label={t('companies.name')} rules={lengthRules(t, 2, 100)}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item name="email" label={t('companies.email')} rules={emailRules(t)}>
                <Input inputMode="email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item
                name="phone"
                label={t('companies.phone')}
                getValueFromEvent={(event: React.ChangeEvent<HTMLInputElement>) => maskPhone(event.target.value)}
              >
                <Input inputMode="tel" placeholder="(99) 99999-9999" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={6}>
              <Form.Item
                name="planId"
                label={t('companies.plan')}
                rules={[{ required: true, message: t('validation.required', { ns: 'common' }) }]}
              >
                <Select options={(plans ?? []).map((plan) => ({ value: plan.id, label: plan.name }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="status" label={t('companies.status')}>
                <Select
                  options={[
                    { value: true, label: t('yes', { ns: 'common' }) },
                    { value: false, label: t('no', { ns: 'common' }) },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="campaignsEnabled" label={t('companies.campaigns')}>
                <Select
                  options={[
                    { value: true, label: t('companies.enabled') },
                    { value: false, label: t('companies.disabled') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="dueDate" label={t('companies.dueDate')}>
                <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="recurrence" label={t('companies.recurrence')}>
                <Select options={[{ value: 'MENSAL', label: t('companies.recurrences.MENSAL') }]} />
              </Form.Item>
            </Col>
            {editing ? null : (
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  name="password"
                  label={t('companies.adminPassword')}
                  extra={t('companies.adminPasswordHelp')}
                  rules={lengthRules(t, 5, 50, false)}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            )}
          </Row>
          <ManagerActions
            testId="company"
            editing={editing !== null}
            saving={creating.isLoading || updating.isLoading}
            onClear={clear}
            onDelete={remove}
            extra={
              editing ? (
                <Button onClick={addRecurrence} data-testid="company-extend">
                  {t('companies.extend')}
                </Button>
              ) : null
            }
          />
        </Form>
      </Card>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <Table<CompanyView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={companies ?? []}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          rowClassName={(company) => {
            const tone = dueDateTone(company.dueDate);
            return tone ? `due-${tone}` : '';
          }}
        />
      </Card>
    </div>
  );
}
