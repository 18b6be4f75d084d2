import type { TicketView } from '@atrium/contracts';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../shared/permissions/permissions';
import { MODAL_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useUserListQuery } from '../../../shared/api/user-list.api';
import { useTicketActions } from '../hooks/use-ticket-actions.hook';

interface TransferValues {
  queueId: number | null;
  userId: number | null;
}

/** What the ticket update says for a transfer: a chosen user becomes the agent (in the chosen queue, or none); a queue alone makes it pending there. */
export function transferBody({ queueId, userId }: TransferValues) {
  if (userId) return { queueId: queueId ?? null, userId };
  return { queueId, userId: null, status: 'pending' as const };
}

/**
 * Transfer (spec 000 sections 4-5): a chosen user becomes the agent, a queue without a user puts
 * the ticket back to pending in that queue with nobody assigned. Agents must choose a queue and
 * are offered its members; an admin may assign any user of the company with the queue optional
 * (a company without queues could not transfer at all otherwise), but names a user or a queue.
 */
export function TransferTicketModal({ ticket, open, onClose }: { ticket: TicketView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [form] = Form.useForm<TransferValues>();
  const actions = useTicketActions();
  const admin = can(useSessionUser(), 'tickets-manager:showall');
  const { data: queues } = useQueuesQuery(undefined, { skip: !open });
  const { data: users } = useUserListQuery(undefined, { skip: !open });
  const queueId = Form.useWatch('queueId', form);
  const candidates = (users ?? []).filter(
    (member) => admin || queueId == null || member.profile === 'admin' || member.queueIds.includes(queueId),
  );

  const submit = async (values: TransferValues) => {
    if (!values.queueId && !values.userId) return;
    await submitDelay(MODAL_SUBMIT_DELAY_MS);
    const updated = await actions.update(ticket, transferBody(values));
    if (!updated) return;
    onClose();
    navigate('/tickets');
  };

  return (
    <Modal
      open={open}
      title={t('transfer.title')}
      okText={t('transfer.ok')}
      cancelText={t('cancel', { ns: 'common' })}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={actions.busyId === ticket.id}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'transfer-submit' } as Record<string, string>}
    >
      <Form
        form={form}
        name="transfer"
        layout="vertical"
        initialValues={{ queueId: ticket.queueId, userId: null }}
        onFinish={(values) => void submit(values)}
        requiredMark="optional"
      >
        <Form.Item
          name="queueId"
          label={t('transfer.queue')}
          rules={admin ? [] : [{ required: true, message: t('newTicket.queueRequired') }]}
        >
          <Select
            allowClear={admin}
            placeholder={t(admin ? 'transfer.queueOptional' : 'transfer.queuePlaceholder')}
            options={(queues ?? []).map((queue) => ({ value: queue.id, label: queue.name ?? String(queue.id) }))}
            onChange={() => (admin ? undefined : form.setFieldValue('userId', null))}
            data-testid="transfer-queue"
          />
        </Form.Item>
        <Form.Item
          name="userId"
          label={t('transfer.user')}
          dependencies={['queueId']}
          rules={
            admin
              ? [
                  {
                    validator: (_, userId: number | null) =>
                      userId || form.getFieldValue('queueId') ? Promise.resolve() : Promise.reject(new Error(t('transfer.userOrQueue'))),
                  },
                ]
              : []
          }
        >
          <Select
            allowClear
            showSearch={{
              filterOption: (input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
            placeholder={t(queueId ? 'transfer.userPlaceholder' : 'transfer.userChoose')}
            data-testid="transfer-user"
            options={candidates.map((member) => ({ value: member.id, label: member.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
