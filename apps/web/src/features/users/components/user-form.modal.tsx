import type { AllTicket, Profile, UserView } from '@atrium/contracts';
import { Form, Input, Select } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/permissions/permissions';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { lengthRules, emailRules } from '../../../shared/ui/validation-rules';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useConnectionsQuery } from '../../connections/api/connections.api';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useCreateUserMutation, useUpdateUserMutation, useUserQuery, type UserInput } from '../api/users.api';

/** Two-factor login, in one's own profile only (issue 28): a chunk of its own (React.lazy: lazyDefault would split off the login screen). */
const TwoFactorSection = lazy(() => import('../../auth/components/two-factor-section.component'));

interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  queueIds: number[];
  whatsappId: number | null;
  allTicket: AllTicket;
}

const EMPTY: UserFormValues = { name: '', email: '', password: '', profile: 'user', queueIds: [], whatsappId: null, allTicket: 'desabled' };

function valuesOf(user: UserView): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    password: '',
    profile: user.profile,
    queueIds: user.queueIds,
    whatsappId: user.whatsappId,
    allTicket: user.allTicket,
  };
}

export interface UserFormModalProps {
  open: boolean;
  /** null adds a user. */
  userId: number | null;
  onClose: () => void;
}

/**
 * Add/edit a user (spec 000 sections 5 and 6): name 2-50, e-mail, password 5-50 (blank keeps the
 * current one when editing); profile, queues, connection and all-tickets only for who may edit them.
 */
export function UserFormModal({ open, userId, onClose }: UserFormModalProps) {
  const { t } = useTranslation('users');
  const me = useSessionUser();
  const [form] = Form.useForm<UserFormValues>();
  const editing = userId !== null;
  const { data: user, isFetching } = useUserQuery(userId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const mayEditProfile = can(me, 'user-modal:editProfile');
  const mayEditQueues = can(me, 'user-modal:editQueues');
  const { data: queues } = useQueuesQuery(undefined, { skip: !open || !mayEditQueues });
  const { data: connections } = useConnectionsQuery(undefined, { skip: !open || !mayEditProfile });
  const [createUser, creating] = useCreateUserMutation();
  const [updateUser, updating] = useUpdateUserMutation();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(editing ? (user ? valuesOf(user) : EMPTY) : EMPTY);
  }, [open, editing, user, form]);

  const submit = async (values: UserFormValues) => {
    const input: UserInput = { name: values.name.trim(), email: values.email.trim() };
    if (values.password) input.password = values.password;
    if (mayEditProfile) {
      input.profile = values.profile;
      input.whatsappId = values.whatsappId ?? null;
      input.allTicket = values.allTicket;
    }
    if (mayEditQueues) input.queueIds = values.queueIds;
    await saveRecord(() => (editing ? updateUser({ id: userId, ...input }).unwrap() : createUser(input).unwrap()), t('saved'), onClose);
  };

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('modal.editTitle') : t('modal.addTitle')}
      okText={editing ? t('modal.save') : t('modal.add')}
      loading={editing && isFetching && !user}
      saving={creating.isLoading || updating.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="user-form-submit"
    >
      <Form
        form={form}
        name="user"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
        data-testid="user-form"
      >
        <Form.Item name="name" label={t('form.name')} rules={lengthRules(t, 2, 50, true, 'users')}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('form.email')} rules={emailRules(t, true, 'users')}>
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('form.password')}
          extra={editing ? t('form.passwordKeep') : undefined}
          rules={[
            ...(editing ? [] : [{ required: true, message: t('validation.required') }]),
            { min: 5, message: t('validation.tooShort') },
            { max: 50, message: t('validation.tooLong') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {mayEditProfile ? (
          <Form.Item name="profile" label={t('form.profile')}>
            <Select
              options={(['admin', 'supervisor', 'user'] as const).map((profile) => ({ value: profile, label: t(`profiles.${profile}`) }))}
              data-testid="user-form-profile"
            />
          </Form.Item>
        ) : null}
        {mayEditQueues ? (
          <Form.Item name="queueIds" label={t('form.queues')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('form.queuesPlaceholder')}
              options={(queues ?? []).map((queue) => ({ value: queue.id, label: queue.name ?? String(queue.id) }))}
              notFoundContent={t('form.noQueues')}
            />
          </Form.Item>
        ) : null}
        {mayEditProfile ? (
          <>
            <Form.Item name="whatsappId" label={t('form.connection')}>
              <Select
                allowClear
                placeholder={t('form.defaultConnection')}
                options={(connections ?? []).map((connection) => ({ value: connection.id, label: connection.name }))}
                notFoundContent={t('form.noConnections')}
              />
            </Form.Item>
            <Form.Item name="allTicket" label={t('form.allTicket')}>
              <Select
                options={[
                  { value: 'enabled', label: t('form.allTicketEnabled') },
                  { value: 'desabled', label: t('form.allTicketDisabled') },
                ]}
              />
            </Form.Item>
          </>
        ) : null}
      </Form>
      {open && editing && userId === me.id ? (
        <Suspense fallback={null}>
          <TwoFactorSection />
        </Suspense>
      ) : null}
    </RecordFormModal>
  );
}
