import { CustomerServiceOutlined, MessageOutlined } from '@ant-design/icons';
import { Segmented, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useIsNarrow } from '../../../shared/hooks/use-media-query.hook';
import { useTicketQuery } from '../api/tickets.api';
import { TicketView } from './ticket-view.component';
import { TicketsManager } from './tickets-manager.component';
import '../tickets.css';

type NarrowTab = 'ticket' | 'list';

function NoTicket() {
  const { t } = useTranslation('tickets');
  return (
    <div className="ticket-view ticket-view-center ticket-view-placeholder" data-testid="no-ticket">
      <CustomerServiceOutlined className="ticket-placeholder-logo" />
      <Typography.Text type="secondary">{t('placeholder')}</Typography.Text>
    </div>
  );
}

/**
 * /tickets and /tickets/{id or uuid} (spec 000 section 2): the list on the left and the chosen
 * conversation on the right (a logo when none); under 600 px two tabs, 'Ticket' and 'Atendimentos'.
 */
export default function TicketsPage() {
  const { t } = useTranslation('tickets');
  const { ticketId } = useParams<{ ticketId?: string }>();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(ticketId ? 'ticket' : 'list');
  const { data: shown } = useTicketQuery(ticketId ?? '', { skip: !ticketId });
  const selectedId = ticketId ? (shown?.id ?? null) : null;

  useEffect(() => {
    setNarrowTab(ticketId ? 'ticket' : 'list');
  }, [ticketId]);

  const conversation = ticketId ? (
    <TicketView key={ticketId} ticketKey={ticketId} onBack={narrow ? () => navigate('/tickets') : undefined} />
  ) : (
    <NoTicket />
  );
  const manager = <TicketsManager selectedId={selectedId} onOpened={() => setNarrowTab('ticket')} />;

  if (narrow) {
    return (
      <div className="tickets-page tickets-page-narrow" data-testid="tickets-page">
        <Segmented
          block
          value={narrowTab}
          onChange={(value) => setNarrowTab(value as NarrowTab)}
          options={[
            {
              value: 'ticket',
              label: (
                <span>
                  <MessageOutlined /> {t('narrow.ticket')}
                </span>
              ),
            },
            {
              value: 'list',
              label: (
                <span>
                  <CustomerServiceOutlined /> {t('narrow.list')}
                </span>
              ),
            },
          ]}
          className="tickets-narrow-tabs"
          data-testid="tickets-narrow-tabs"
        />
        {/* both stay mounted: the list keeps its tab, filters and scroll while a ticket is shown */}
        <div className="tickets-narrow-body" hidden={narrowTab !== 'ticket'}>
          {conversation}
        </div>
        <div className="tickets-narrow-body" hidden={narrowTab !== 'list'}>
          {manager}
        </div>
      </div>
    );
  }
  return (
    <div className="tickets-page" data-testid="tickets-page">
      <aside className="tickets-side">{manager}</aside>
      <section className="tickets-main">{conversation}</section>
    </div>
  );
}
