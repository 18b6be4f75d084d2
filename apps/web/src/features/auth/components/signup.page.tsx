import { Button, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PUBLIC_PATHS } from '../../../routes/route-table';
import { isoDate } from '../../../shared/dates/dates';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { formatMoney } from '../../../shared/ui/money';
import { maskPhone, phoneDigits, PHONE_MAX_DIGITS } from '../../../shared/ui/phone-mask';
import { emailRules, lengthRules } from '../../../shared/ui/validation-rules';
import { usePublicPlansQuery, useSignupMutation, type SignupPayload } from '../api/auth.api';
import { AuthCard } from './auth-card.component';

/** A new company gets a 3-day trial (spec 000 section 5). */
export const TRIAL_DAYS = 3;

interface SignupValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: number;
}

/** The signup payload with the spec's trial values: due in 3 days, MENSAL, status t, campaigns on. */
export function signupPayload(values: SignupValues, companyId: string | null, today = dayjs()): SignupPayload {
  const payload: SignupPayload = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: phoneDigits(values.phone ?? ''),
    password: values.password,
    planId: values.planId,
    recurrence: 'MENSAL',
    dueDate: isoDate(today.add(TRIAL_DAYS, 'day')),
    status: 't',
    campaignsEnabled: true,
  };
  if (companyId) payload.companyId = companyId;
  return payload;
}

/** /signup: company self-registration with a plan from /plans/list; `?companyId=` is passed along. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<SignupValues>();
  const { data: plans, isLoading: plansLoading } = usePublicPlansQuery();
  const [signup, { isLoading }] = useSignupMutation();

  const submit = async (values: SignupValues) => {
    try {
      await signup(signupPayload(values, params.get('companyId'))).unwrap();
      toast.success(t('signup.success'));
      navigate(PUBLIC_PATHS.login);
    } catch {
      toastError(t('signup.failure'));
    }
  };

  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle', { days: TRIAL_DAYS })} wide>
      <Form<SignupValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
        data-testid="signup-form"
      >
        <Form.Item name="name" label={t('fields.companyName')} rules={lengthRules(t, 2, 50)}>
          <Input autoFocus autoComplete="organization" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={emailRules(t)}>
          <Input inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          getValueFromEvent={(event: React.ChangeEvent<HTMLInputElement>) => maskPhone(event.target.value)}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                !value || phoneDigits(value).length >= 10 ? Promise.resolve() : Promise.reject(new Error(t('signup.phoneInvalid'))),
            },
          ]}
        >
          <Input inputMode="tel" placeholder="(99) 99999-9999" maxLength={PHONE_MAX_DIGITS + 4} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={lengthRules(t, 5, 50)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="planId" label={t('fields.plan')} rules={[{ required: true, message: t('signup.planRequired') }]}>
          <Select
            loading={plansLoading}
            placeholder={t('signup.planPlaceholder')}
            data-testid="signup-plan"
            options={(plans ?? []).map((plan) => ({
              value: plan.id,
              label: t('signup.planOption', {
                name: plan.name,
                users: plan.users,
                connections: plan.connections,
                queues: plan.queues,
                value: formatMoney(plan.value),
              }),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading} data-testid="signup-submit">
          {t('signup.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={PUBLIC_PATHS.login}>{t('signup.haveAccount')}</Link>
      </div>
    </AuthCard>
  );
}
