import { EditOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TicketView } from '@atrium/contracts';
import { Avatar, Button, Descriptions, Divider, Drawer, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactQuery } from '../api/contacts.api';
import { ContactFormModal } from './contact-form.modal';
import { TicketNotes } from './ticket-notes.component';

/** The ticket's contact (spec 000 section 2): details, edit, internal notes and extra information. */
export function ContactDrawer({ ticket, open, onClose }: { ticket: TicketView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const { data } = useContactQuery(ticket.contactId, { skip: !open });
  const contact = data ?? ticket.contact;
  const [editing, setEditing] = useState(false);
  return (
    <Drawer open={open} onClose={onClose} title={t('drawer.title')} size={360} destroyOnHidden data-testid="contact-drawer">
      <Flex vertical align="center" gap={6}>
        <Avatar size={96} src={contact.profilePicUrl || undefined}>
          {contact.name.charAt(0).toUpperCase()}
        </Avatar>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {contact.name}
        </Typography.Title>
        {contact.number ? (
          <Typography.Text>
            <PhoneOutlined /> {contact.number}
          </Typography.Text>
        ) : null}
        {contact.email ? (
          <Typography.Text>
            <MailOutlined /> {contact.email}
          </Typography.Text>
        ) : null}
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="contact-edit">
          {t('drawer.edit')}
        </Button>
      </Flex>
      <Divider titlePlacement="start">{t('drawer.notes')}</Divider>
      <TicketNotes ticket={ticket} />
      <Divider titlePlacement="start">{t('drawer.extraInfo')}</Divider>
      {contact.extraInfo.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noExtraInfo')} />
      ) : (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={contact.extraInfo.map((info, index) => ({ key: `${info.name}-${index}`, label: info.name, children: info.value }))}
        />
      )}
      <ContactFormModal open={editing} contactId={contact.id} onClose={() => setEditing(false)} />
    </Drawer>
  );
}
