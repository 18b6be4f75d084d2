import { CloudDownloadOutlined, DeleteOutlined, EditOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { ContactView } from '@atrium/contracts';
import { App, Avatar, Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordEditor } from '../../../shared/hooks/use-record-editor.hook';
import { useSearchedPages } from '../../../shared/hooks/use-searched-pages.hook';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { can } from '../../../shared/permissions/permissions';
import { actionsColumn } from '../../../shared/ui/actions-column';
import { InfiniteRecordTable, ListPageHeader } from '../../../shared/ui/record-list.component';
import { useConfirmDelete } from '../../../shared/ui/use-confirm-delete.hook';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { NewTicketModal } from '../../tickets/components/new-ticket.modal';
import { useContactsPageInfiniteQuery, useDeleteContactMutation, useImportContactsMutation } from '../../contacts/api/contacts.api';
import { ContactFormModal } from '../../contacts/components/contact-form.modal';

/**
 * /contacts (spec 000 sections 2 and 7): searchable list with infinite scroll, add/edit dialog,
 * start a ticket with a contact, delete (contacts-page:deleteContact), import from the phone.
 * Live through `company-{id}-contact` (features/tickets/ticket-cache).
 */
export default function ContactsPage() {
  const { t } = useTranslation('contacts');
  const user = useSessionUser();
  const { modal } = App.useApp();
  const confirm = useConfirmDelete();
  const list = useSearchedPages(useContactsPageInfiniteQuery, (page) => page.contacts);
  const [deleteContact] = useDeleteContactMutation();
  const [importContacts, importing] = useImportContactsMutation();
  const editor = useRecordEditor();
  const [ticketFor, setTicketFor] = useState<ContactView | null>(null);
  const mayDelete = can(user, 'contacts-page:deleteContact');
  useErrorPopup(list.isError ? list.error : null);

  const confirmImport = () =>
    modal.confirm({
      title: t('importConfirm.title'),
      content: t('importConfirm.message'),
      okText: t('importConfirm.ok'),
      cancelText: t('cancel', { ns: 'common' }),
      onOk: async () => {
        try {
          await importContacts().unwrap();
          toast.success(t('toasts.imported'));
        } catch (failure) {
          toastError(failure);
        }
      },
    });

  const columns: TableColumnsType<ContactView> = [
    {
      key: 'avatar',
      width: 56,
      render: (_, contact) => <Avatar src={contact.profilePicUrl || undefined}>{contact.name.charAt(0).toUpperCase()}</Avatar>,
    },
    { title: t('columns.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('columns.number'),
      dataIndex: 'number',
      ellipsis: true,
      responsive: ['sm'],
      render: (number: string | null) => number ?? '',
    },
    { title: t('columns.email'), dataIndex: 'email', ellipsis: true, responsive: ['md'] },
    actionsColumn(t('columns.actions'), 150, (contact) => (
      <Space size={0}>
        <Tooltip title={t('startTicket')}>
          <Button
            type="text"
            icon={<WhatsAppOutlined />}
            aria-label={t('startTicket')}
            onClick={() => setTicketFor(contact)}
            data-testid={`start-ticket-${contact.id}`}
          />
        </Tooltip>
        <Tooltip title={t('edit', { ns: 'common' })}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('edit', { ns: 'common' })}
            onClick={() => editor.edit(contact.id)}
            data-testid={`edit-contact-${contact.id}`}
          />
        </Tooltip>
        {mayDelete ? (
          <Tooltip title={t('delete', { ns: 'common' })}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('delete', { ns: 'common' })}
              onClick={() =>
                confirm({
                  title: t('delete.title', { name: contact.name }),
                  content: t('delete.message'),
                  remove: () => deleteContact(contact.id).unwrap(),
                  deletedText: t('toasts.deleted'),
                })
              }
              data-testid={`delete-contact-${contact.id}`}
            />
          </Tooltip>
        ) : null}
      </Space>
    )),
  ];

  return (
    <div className="page page-fill">
      <ListPageHeader
        title={t('title')}
        list={list}
        searchPlaceholder={t('search')}
        searchTestId="contacts-search"
        addText={t('add')}
        onAdd={editor.add}
        addTestId="add-contact"
      >
        <Button icon={<CloudDownloadOutlined />} onClick={confirmImport} loading={importing.isLoading}>
          {t('import')}
        </Button>
      </ListPageHeader>
      <InfiniteRecordTable<ContactView> list={list} columns={columns} scrollTestId="contacts-scroll" tableTestId="contacts-table" />
      <ContactFormModal open={editor.open} contactId={editor.id} onClose={editor.close} />
      <NewTicketModal open={ticketFor !== null} contact={ticketFor} onClose={() => setTicketFor(null)} />
    </div>
  );
}
