import { PlusOutlined } from '@ant-design/icons';
import type { ContactView, TicketView } from '@atrium/contracts';
import { App, Button, Form, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { apiFailureOf } from '../../../shared/api/api-error';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { toastError } from '../../../shared/notify/error-popup';
import { can } from '../../../shared/permissions/permissions';
import { MODAL_SUBMIT_DELAY_MS, submitDelay } from '../../../shared/ui/submit-delay';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useConnectionsQuery } from '../../connections/api/connections.api';
import { useContactsPageInfiniteQuery } from '../../contacts/api/contacts.api';
import { ContactFormModal } from '../../contacts/components/contact-form.modal';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useCreateTicketMutation } from '../api/tickets.api';
import { ticketChanged } from '../ticket-cache';

/** Contact search starts at 3 characters (spec 000 section 5). */
export const CONTACT_SEARCH_MIN = 3;

interface NewTicketValues {
  contactId: number | null;
  queueId: number | null;
  whatsappId: number | null;
}

export interface NewTicketModalProps {
  open: boolean;
  /** Starts with this contact chosen (the contacts page). */
  contact?: Pick<ContactView, 'id' | 'name' | 'number'> | null;
  onClose: () => void;
  onCreated?: (ticket: TicketView) => void;
}

/**
 * A new ticket with a contact (spec 000 sections 5 and 7): the contact is searched from 3
 * characters, a queue is required unless the user is an admin ('Selecione uma fila'). A contact
 * already in an open ticket: that ticket opens when it is the user's, otherwise a notice names
 * the user and queue that hold it.
 */
export function NewTicketModal({ open, contact, onClose, onCreated }: NewTicketModalProps) {
  const { t } = useTranslation('tickets');
  const { modal } = App.useApp();
  const user = useSessionUser();
  const admin = can(user, 'tickets-manager:showall');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<NewTicketValues>();
  const [term, setTerm] = useState('');
  const [addingContact, setAddingContact] = useState(false);
  const [created, setCreated] = useState<ContactView | null>(null);
  const search = useDebouncedValue(term.trim());
  const searching = open && search.length >= CONTACT_SEARCH_MIN;
  const { data: found, isFetching } = useContactsPageInfiniteQuery(search, { skip: !searching });
  const { data: allQueues } = useQueuesQuery(undefined, { skip: !open || !admin });
  const { data: connections } = useConnectionsQuery(undefined, { skip: !open });
  const [createTicket, creating] = useCreateTicketMutation();

  const contacts = [
    ...(contact ? [contact] : []),
    ...(created ? [created] : []),
    ...(searching ? (found?.pages ?? []).flatMap((page) => page.contacts) : []),
  ];
  const contactOptions = [
    ...new Map(
      contacts.map((item) => [item.id, { value: item.id, label: item.number ? `${item.name} - ${item.number}` : item.name }]),
    ).values(),
  ];
  const queues = admin ? (allQueues ?? []) : user.queues;

  const close = () => {
    form.resetFields();
    setTerm('');
    setCreated(null);
    onClose();
  };

  const showExisting = (existing: TicketView) => {
    if (existing.userId === user.id) {
      navigate(`/tickets/${existing.uuid}`);
      close();
      return;
    }
    modal.warning({
      title: t('newTicket.inUseTitle'),
      content: t('newTicket.inUse', {
        user: existing.user?.name ?? t('newTicket.nobody'),
        queue: existing.queue?.name ?? t('item.noQueue'),
      }),
    });
  };

  const submit = async (values: NewTicketValues) => {
    if (values.contactId === null) return;
    await submitDelay(MODAL_SUBMIT_DELAY_MS);
    try {
      const ticket = await createTicket({
        contactId: values.contactId,
        queueId: values.queueId ?? null,
        whatsappId: values.whatsappId ?? null,
        userId: user.id,
        status: 'open',
      }).unwrap();
      dispatch(ticketChanged(ticket));
      onCreated?.(ticket);
      navigate(`/tickets/${ticket.uuid}`);
      close();
    } catch (error) {
      const failure = apiFailureOf(error);
      if (failure.code === 'ERR_OTHER_OPEN_TICKET' && failure.data && typeof failure.data === 'object' && 'uuid' in failure.data)
        showExisting(failure.data as TicketView);
      else toastError(error);
    }
  };

  return (
    <>
      <Modal
        open={open}
        title={t('newTicket.title')}
        okText={t('newTicket.ok')}
        cancelText={t('cancel', { ns: 'common' })}
        onOk={() => form.submit()}
        onCancel={close}
        confirmLoading={creating.isLoading}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'new-ticket-submit' } as Record<string, string>}
      >
        <Form
          form={form}
          name="newTicket"
          layout="vertical"
          initialValues={{ contactId: contact?.id ?? null, queueId: queues.length === 1 ? queues[0]!.id : null, whatsappId: null }}
          onFinish={(values) => void submit(values)}
          requiredMark="optional"
        >
          <Form.Item name="contactId" label={t('newTicket.contact')} rules={[{ required: true, message: t('newTicket.contactRequired') }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setTerm }}
              placeholder={t('newTicket.contactPlaceholder')}
              options={contactOptions}
              notFoundContent={
                isFetching ? (
                  <Spin size="small" />
                ) : term.trim().length < CONTACT_SEARCH_MIN ? (
                  t('newTicket.typeMore')
                ) : (
                  t('newTicket.noContacts')
                )
              }
              popupRender={(menu) => (
                <>
                  {menu}
                  <Button type="link" icon={<PlusOutlined />} onClick={() => setAddingContact(true)} block>
                    {t('newTicket.addContact')}
                  </Button>
                </>
              )}
            />
          </Form.Item>
          <Form.Item
            name="queueId"
            label={t('newTicket.queue')}
            rules={admin ? [] : [{ required: true, message: t('newTicket.queueRequired') }]}
          >
            <Select
              allowClear
              placeholder={t('newTicket.queuePlaceholder')}
              options={queues.map((queue) => ({ value: queue.id, label: queue.name ?? String(queue.id) }))}
            />
          </Form.Item>
          <Form.Item name="whatsappId" label={t('newTicket.connection')}>
            <Select
              allowClear
              placeholder={t('newTicket.connectionPlaceholder')}
              options={(connections ?? []).map((connection) => ({ value: connection.id, label: connection.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <ContactFormModal
        open={addingContact}
        contactId={null}
        initial={{ name: /\d/.test(term) ? '' : term.trim(), number: /\d/.test(term) ? term.replace(/\D/g, '') : '' }}
        onClose={() => setAddingContact(false)}
        onSaved={(saved) => {
          setCreated(saved);
          form.setFieldValue('contactId', saved.id);
        }}
      />
    </>
  );
}
