import type { CompanyView, InvoiceView, PixChargeView, PlanView } from '@atrium/contracts';
import { Button, Card, Checkbox, Col, Descriptions, Flex, Form, Input, Modal, Row, Select, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { toast } from '../../../shared/notify/notifier';
import { formatDate } from '../../../shared/dates/dates';
import { formatMoney } from '../../../shared/ui/money';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useCompanyQuery } from '../../companies/api/companies.api';
import { useSubscribeMutation, type SubscriptionInput } from '../api/billing.api';
import { moneyValue } from '../invoice-status';
import { PixPayment } from './pix-payment.component';

/** Checkout steps (spec 001 section 4): 0 data, 1 plan, 2 review, then the Pix screen. */
export const CHECKOUT_STEPS = { data: 0, plan: 1, review: 2, pix: 3 } as const;
type Step = (typeof CHECKOUT_STEPS)[keyof typeof CHECKOUT_STEPS];

/** Countries offered (spec 001 section 9). */
const COUNTRIES = ['BR', 'usa'] as const;

type BillingData = Pick<
  SubscriptionInput,
  'firstName' | 'address2' | 'city' | 'state' | 'zipcode' | 'country' | 'useAddressForPaymentDetails'
>;

function planPayload(plan: PlanView) {
  return { price: plan.value, users: plan.users, connections: plan.connections };
}

/** The billing data the company already has (set in its company form): the checkout starts past Dados when they are complete. */
export function billingDataOf(company: CompanyView | undefined): BillingData {
  return {
    firstName: company?.name ?? '',
    address2: company?.addressStreet ?? '',
    city: company?.addressCity ?? '',
    state: company?.addressState ?? '',
    zipcode: company?.addressZipCode ?? '',
    country: 'BR',
    useAddressForPaymentDetails: false,
  };
}

const REQUIRED: ReadonlyArray<keyof BillingData> = ['firstName', 'address2', 'city', 'zipcode', 'country'];

/** The first step that needs the user's input: Dados while a required field is empty, else Personalizar. */
export function firstCheckoutStep(data: BillingData): Step {
  return REQUIRED.every((field) => String(data[field] ?? '').trim() !== '') ? CHECKOUT_STEPS.plan : CHECKOUT_STEPS.data;
}

/**
 * Paying an invoice: Dados, Personalizar, Revisar, then the Pix screen. It opens at the first step
 * that needs input (spec 001 starts at Personalizar, which sent a new company back to an empty Dados
 * after PAGAR, issue 24): Dados, filled from the company's billing data, unless those are complete.
 * Personalizar is reached only with valid data, so PAGAR never sends the user backwards. Only the
 * company's own plan is offered: the invoice decides the amount on the server.
 */
export function CheckoutModal({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const user = useSessionUser();
  const company = useCompanyQuery(user.companyId);
  return (
    <Modal
      open
      title={t('checkout.title')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="checkout-modal"
    >
      {company.isLoading ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : (
        <CheckoutSteps invoice={invoice} initial={billingDataOf(company.data)} />
      )}
    </Modal>
  );
}

function CheckoutSteps({ invoice, initial }: { invoice: InvoiceView; initial: BillingData }) {
  const { t } = useTranslation('billing');
  const user = useSessionUser();
  const plan = user.company.plan;
  const [form] = Form.useForm<BillingData>();
  const [step, setStep] = useState<Step>(() => firstCheckoutStep(initial));
  const [charge, setCharge] = useState<PixChargeView | null>(null);
  const [subscribe, { isLoading }] = useSubscribeMutation();
  const values = Form.useWatch([], form) as Partial<BillingData> | undefined;

  const goToData = () => setStep(CHECKOUT_STEPS.data);

  const pay = async () => {
    // validated on leaving Dados (or complete from the start): read, never a reason to go back
    const data = form.getFieldsValue(true) as BillingData;
    try {
      const answer = await subscribe({
        ...data,
        invoiceId: invoice.id,
        plan: JSON.stringify(planPayload(plan)),
        ...planPayload(plan),
      }).unwrap();
      toast.success(t('checkout.subscribed'));
      setCharge(answer);
      setStep(CHECKOUT_STEPS.pix);
    } catch (error) {
      toastError(error);
    }
  };

  const nextFromData = async () => {
    try {
      await form.validateFields();
      setStep(CHECKOUT_STEPS.plan);
    } catch {
      // the fields show their texts
    }
  };

  return (
    <>
      {step !== CHECKOUT_STEPS.pix ? (
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 24 }}
          items={[{ title: t('checkout.steps.data') }, { title: t('checkout.steps.plan') }, { title: t('checkout.steps.review') }]}
          data-testid="checkout-steps"
        />
      ) : null}

      <Form
        form={form}
        layout="vertical"
        name="checkout"
        hidden={step !== CHECKOUT_STEPS.data}
        initialValues={initial}
        data-testid="checkout-data"
      >
        <Form.Item
          name="firstName"
          label={t('checkout.fields.firstName')}
          rules={[{ required: true, whitespace: true, message: t('checkout.validation.firstName') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="address2"
          label={t('checkout.fields.address2')}
          rules={[{ required: true, whitespace: true, message: t('checkout.validation.address2') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="city"
              label={t('checkout.fields.city')}
              rules={[{ required: true, whitespace: true, message: t('checkout.validation.city') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="state" label={t('checkout.fields.state')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="zipcode"
              label={t('checkout.fields.zipcode')}
              rules={[{ required: true, whitespace: true, message: t('checkout.validation.zipcode') }]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="country"
              label={t('checkout.fields.country')}
              rules={[{ required: true, message: t('checkout.validation.country') }]}
            >
              <Select options={COUNTRIES.map((code) => ({ value: code, label: t(`checkout.countries.${code}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="useAddressForPaymentDetails" valuePropName="checked">
          <Checkbox>{t('checkout.fields.useAddressForPaymentDetails')}</Checkbox>
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" onClick={() => void nextFromData()} data-testid="checkout-next">
            {t('checkout.next')}
          </Button>
        </Flex>
      </Form>

      {step === CHECKOUT_STEPS.plan ? (
        <Flex vertical gap={16}>
          <Card title={plan.name} data-testid="checkout-plan" style={{ maxWidth: 320, alignSelf: 'center', width: '100%' }}>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {formatMoney(moneyValue(invoice.value))}
              <Typography.Text type="secondary">{t('checkout.plan.perMonth')}</Typography.Text>
            </Typography.Title>
            <ul>
              <li>{t('checkout.plan.users', { count: plan.users })}</li>
              <li>{t('checkout.plan.connections', { count: plan.connections })}</li>
              <li>{t('checkout.plan.queues', { count: plan.queues })}</li>
            </ul>
            <Button type="primary" block onClick={() => setStep(CHECKOUT_STEPS.review)} data-testid="checkout-choose-plan">
              {t('checkout.plan.choose')}
            </Button>
          </Card>
          <Flex justify="flex-start">
            <Button onClick={goToData} data-testid="checkout-back">
              {t('checkout.back')}
            </Button>
          </Flex>
        </Flex>
      ) : null}

      {step === CHECKOUT_STEPS.review ? (
        <Flex vertical gap={16}>
          <Descriptions title={t('checkout.review.heading')} column={1} bordered size="small" data-testid="checkout-review">
            <Descriptions.Item label={t('checkout.review.invoice')}>
              #{invoice.id} — {invoice.detail} ({formatDate(invoice.dueDate)})
            </Descriptions.Item>
            <Descriptions.Item label={t('checkout.review.plan')}>{plan.name}</Descriptions.Item>
            <Descriptions.Item label={t('checkout.review.value')}>{formatMoney(moneyValue(invoice.value))}</Descriptions.Item>
            <Descriptions.Item label={t('checkout.review.billingData')}>
              {[values?.firstName, values?.address2, values?.city, values?.state, values?.zipcode, values?.country]
                .filter(Boolean)
                .join(', ')}
            </Descriptions.Item>
          </Descriptions>
          <Flex justify="space-between">
            <Button onClick={() => setStep(CHECKOUT_STEPS.plan)}>{t('checkout.back')}</Button>
            <Button type="primary" loading={isLoading} onClick={() => void pay()} data-testid="checkout-pay">
              {t('checkout.pay')}
            </Button>
          </Flex>
        </Flex>
      ) : null}

      {step === CHECKOUT_STEPS.pix && charge ? <PixPayment charge={charge} companyId={invoice.companyId} /> : null}
    </>
  );
}
