import type { TicketView } from '@atrium/contracts';
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MODAL_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useUserListQuery } from '../api/user-list.api';
import { useTicketActions } from '../hooks/use-ticket-actions.hook';

interface TransferValues {
  queueId: number | null;
  userId: number | null;
}

/**
 * Transfer (spec 000 sections 4-5): a queue is required; a chosen user becomes the agent, a
 * queue without a user puts the ticket back to pending in that queue with nobody assigned.
 */
export function TransferTicketModal({ ticket, open, onClose }: { ticket: TicketView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [form] = Form.useForm<TransferValues>();
  const actions = useTicketActions();
  const { data: queues } = useQueuesQuery(undefined, { skip: !open });
  const { data: users } = useUserListQuery(undefined, { skip: !open });
  const queueId = Form.useWatch('queueId', form);
  const candidates = (users ?? []).filter((member) => queueId == null || member.profile === 'admin' || member.queueIds.includes(queueId));

  const submit = async (values: TransferValues) => {
    if (values.queueId === null) return;
    await submitDelay(MODAL_SUBMIT_DELAY_MS);
    const body = values.userId ? { queueId: values.queueId, userId: values.userId } : { queueId: values.queueId, userId: null, status: 'pending' as const };
    const updated = await actions.update(ticket, body);
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
      <Form form={form} name="transfer" layout="vertical" initialValues={{ queueId: ticket.queueId, userId: null }} onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item name="queueId" label={t('transfer.queue')} rules={[{ required: true, message: t('newTicket.queueRequired') }]}>
          <Select placeholder={t('transfer.queuePlaceholder')} options={(queues ?? []).map((queue) => ({ value: queue.id, label: queue.name ?? String(queue.id) }))} onChange={() => form.setFieldValue('userId', null)} />
        </Form.Item>
        <Form.Item name="userId" label={t('transfer.user')}>
          <Select
            allowClear
            showSearch={{ filterOption: (input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase()) }}
            placeholder={t('transfer.userPlaceholder')}
            options={candidates.map((member) => ({ value: member.id, label: member.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
