import { ArrowLeftOutlined, CalendarOutlined, DeleteOutlined, MoreOutlined, SwapOutlined } from '@ant-design/icons';
import type { TicketView } from '@atrium/contracts';
import { App, Avatar, Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../../shared/notify/error-popup';
import { can } from '../../../shared/permissions/permissions';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useDeleteTicketMutation } from '../api/tickets.api';
import { useTicketActions } from '../hooks/use-ticket-actions.hook';
import { TicketTags } from './ticket-tags.component';
import { TransferTicketModal } from './transfer-ticket.modal';

export interface TicketHeaderProps {
  ticket: TicketView;
  onShowContact: () => void;
  /** Narrow screens go back to the list. */
  onBack?: () => void;
}

/**
 * The conversation's header (spec 000 section 2): contact and assigned user (opens the contact
 * drawer), the action buttons of the status (Accept, Return, Resolve, Reopen), the options menu
 * (schedule, transfer, delete for who may) and the ticket's tags.
 */
export function TicketHeader({ ticket, onShowContact, onBack }: TicketHeaderProps) {
  const { t } = useTranslation('tickets');
  const { modal } = App.useApp();
  const user = useSessionUser();
  const navigate = useNavigate();
  const actions = useTicketActions();
  const [deleteTicket] = useDeleteTicketMutation();
  const [transferring, setTransferring] = useState(false);
  const busy = actions.busyId === ticket.id;

  const confirmDelete = () =>
    modal.confirm({
      title: t('delete.title', { name: ticket.contact.name }),
      content: t('delete.message'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('cancel', { ns: 'common' }),
      onOk: async () => {
        try {
          await deleteTicket(ticket.id).unwrap();
          navigate('/tickets');
        } catch (error) {
          toastError(error);
        }
      },
    });

  const options: MenuProps['items'] = [
    // the schedules page is the plan's (a plan without it would send the user away with a refusal)
    ...(user.company.plan.useSchedules === true ? [{ key: 'schedule', icon: <CalendarOutlined />, label: t('options.schedule') }] : []),
    { key: 'transfer', icon: <SwapOutlined />, label: t('options.transfer') },
    ...(can(user, 'ticket-options:deleteTicket')
      ? [{ key: 'delete', icon: <DeleteOutlined />, label: t('options.delete'), danger: true }]
      : []),
  ];
  const onOption = ({ key }: { key: string }) => {
    if (key === 'schedule') navigate(`/schedules?contactId=${ticket.contactId}`);
    else if (key === 'transfer') setTransferring(true);
    else if (key === 'delete') confirmDelete();
  };

  return (
    <div className="ticket-header" data-testid="ticket-header">
      <Flex align="center" gap={8} className="ticket-header-row">
        {onBack ? <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('header.back')} onClick={onBack} /> : null}
        <button type="button" className="ticket-header-contact" onClick={onShowContact} data-testid="ticket-contact">
          <Avatar size={40} src={ticket.contact.profilePicUrl || undefined}>
            {ticket.contact.name.charAt(0).toUpperCase()}
          </Avatar>
          <span className="ticket-header-names">
            <Typography.Text strong ellipsis>
              {ticket.contact.name} <Typography.Text type="secondary">#{ticket.id}</Typography.Text>
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis className="ticket-header-assigned">
              {ticket.user ? t('header.assigned', { name: ticket.user.name }) : t('header.unassigned')}
            </Typography.Text>
          </span>
        </button>
        <Flex gap={6} align="center" className="ticket-header-actions">
          {ticket.status === 'pending' ? (
            <Button type="primary" loading={busy} onClick={() => void actions.accept(ticket)} data-testid="ticket-accept">
              {t('buttons.accept')}
            </Button>
          ) : null}
          {ticket.status === 'open' ? (
            <>
              <Button loading={busy} onClick={() => void actions.returnToPending(ticket)} data-testid="ticket-return">
                {t('buttons.return')}
              </Button>
              <Button type="primary" loading={busy} onClick={() => void actions.resolve(ticket)} data-testid="ticket-resolve">
                {t('buttons.resolve')}
              </Button>
            </>
          ) : null}
          {ticket.status === 'closed' ? (
            <Button type="primary" loading={busy} onClick={() => void actions.reopen(ticket)} data-testid="ticket-reopen">
              {t('buttons.reopen')}
            </Button>
          ) : null}
          <Dropdown trigger={['click']} menu={{ items: options, onClick: onOption }}>
            <Button type="text" icon={<MoreOutlined />} aria-label={t('options.title')} data-testid="ticket-options" />
          </Dropdown>
        </Flex>
      </Flex>
      <TicketTags ticket={ticket} />
      <TransferTicketModal ticket={ticket} open={transferring} onClose={() => setTransferring(false)} />
    </div>
  );
}
