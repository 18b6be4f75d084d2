import type { TicketView } from '@atrium/contracts';
import { Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagesList } from '../../messages/components/messages-list.component';

/** The peek dialog fetches the conversation 500 ms after it opens (spec 000 section 9). */
export const PEEK_FETCH_DELAY_MS = 500;

/** Admins' read-only look at a ticket: contact name and ticket number, assigned user, conversation, close (spec 000 section 2). */
export function PeekModal({ ticket, onClose }: { ticket: TicketView | null; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    if (!ticket) return;
    const timer = window.setTimeout(() => setReady(true), PEEK_FETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ticket]);
  return (
    <Modal
      open={ticket !== null}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      title={
        ticket ? (
          <div>
            <div>{t('peek.title', { name: ticket.contact.name, id: ticket.id })}</div>
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
              {ticket.user ? t('peek.assigned', { name: ticket.user.name }) : t('peek.unassigned')}
            </Typography.Text>
          </div>
        ) : null
      }
      footer={
        <Button onClick={onClose} data-testid="peek-close">
          {t('peek.close')}
        </Button>
      }
    >
      <div className="peek-conversation conversation-surface" data-testid="peek-conversation">
        {ticket && ready ? <MessagesList ticket={ticket} readOnly /> : null}
      </div>
    </Modal>
  );
}
