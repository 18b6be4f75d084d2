import { CheckSquareOutlined, InboxOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TicketView } from '@atrium/contracts';
import { Badge, Button, Flex, Input, Segmented, Select, Switch, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.hook';
import { can } from '../../../shared/permissions/permissions';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useQueuesQuery } from '../../queues/api/queues.api';
import { useTagListQuery } from '../../tags/api/tags.api';
import { useUserListQuery } from '../../../shared/api/user-list.api';
import type { TicketListFilter } from '../api/tickets.api';
import { useStickyState } from '../hooks/use-sticky-state.hook';
import { NewTicketModal } from './new-ticket.modal';
import { PeekModal } from './peek.modal';
import { TicketList, useTicketCount } from './ticket-list.component';

type MainTab = 'open' | 'closed' | 'search';

/** A multiple choice of ids (queues, tags, users) filtering the lists. */
function IdFilter(props: {
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  options: Array<{ value: number; label: string }>;
  testId: string;
  className?: string;
}) {
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      value={props.value}
      onChange={props.onChange}
      options={props.options}
      placeholder={props.label}
      aria-label={props.label}
      className={props.className}
      data-testid={props.testId}
    />
  );
}
type OpenTab = 'open' | 'pending';

/**
 * The ticket list panel (spec 000 section 2): open (assigned/pending sub-tabs with counts),
 * closed and search tabs; queue filter, show-all for admins, search by text, tags, users (admins)
 * and queues; the new-ticket button and the admin peek dialog.
 */
export function TicketsManager({ selectedId, onOpened }: { selectedId: number | null; onOpened?: () => void }) {
  const { t } = useTranslation('tickets');
  const user = useSessionUser();
  const admin = can(user, 'tickets-manager:showall');
  const [tab, setTab] = useStickyState<MainTab>(`${user.id}:tab`, 'open');
  const [openTab, setOpenTab] = useStickyState<OpenTab>(`${user.id}:openTab`, 'open');
  const [showAll, setShowAll] = useStickyState(`${user.id}:showAll`, false);
  const [queueIds, setQueueIds] = useStickyState<number[]>(`${user.id}:queueIds`, user.queueIds);
  const [search, setSearch] = useStickyState(`${user.id}:search`, '');
  const [tagIds, setTagIds] = useStickyState<number[]>(`${user.id}:tags`, []);
  const [userIds, setUserIds] = useStickyState<number[]>(`${user.id}:users`, []);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [peeking, setPeeking] = useState<TicketView | null>(null);
  const { data: allQueues } = useQueuesQuery(undefined, { skip: !admin });
  const { data: tags } = useTagListQuery(undefined, { skip: tab !== 'search' });
  const { data: users } = useUserListQuery(undefined, { skip: tab !== 'search' || !admin });

  const queueOptions = (admin ? (allQueues ?? []) : user.queues).map((queue) => ({
    value: queue.id,
    label: queue.name ?? String(queue.id),
  }));
  const filters = useDebouncedValue({ search: search.trim(), tagIds, userIds, queueIds, showAll });
  const base = { queueIds: filters.queueIds, showAll: filters.showAll && admin };
  // list arguments are compared by value (RTK Query serialises them): a new object is the same list
  const openFilter: TicketListFilter = { status: 'open', ...base };
  const pendingFilter: TicketListFilter = { status: 'pending', ...base };
  const closedFilter: TicketListFilter = { status: 'closed', ...base };
  const searchFilter: TicketListFilter = {
    searchParam: filters.search,
    tags: filters.tagIds,
    users: filters.userIds,
    queueIds: filters.queueIds,
    showAll: admin,
  };
  const openCount = useTicketCount(openFilter);
  const pendingCount = useTicketCount(pendingFilter);

  const showOpenTab = () => {
    setTab('open');
    setOpenTab('open');
    onOpened?.();
  };
  const listProps = { selectedId, onPeek: setPeeking, onMovedToOpen: showOpenTab };

  const queueSelect = (
    <IdFilter
      label={t('filters.queues')}
      value={queueIds}
      onChange={setQueueIds}
      options={queueOptions}
      testId="tickets-queue-filter"
      className="tickets-queue-filter"
    />
  );

  return (
    <div className="tickets-manager" data-testid="tickets-manager">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as MainTab)}
        centered
        size="small"
        tabBarGutter={18}
        className="tickets-tabs"
        items={[
          {
            key: 'open',
            label: (
              <span>
                <InboxOutlined /> {t('tabs.open')}
              </span>
            ),
          },
          {
            key: 'closed',
            label: (
              <span>
                <CheckSquareOutlined /> {t('tabs.closed')}
              </span>
            ),
          },
          {
            key: 'search',
            label: (
              <span>
                <SearchOutlined /> {t('tabs.search')}
              </span>
            ),
          },
        ]}
      />
      <Flex gap={8} align="center" wrap className="tickets-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setNewTicketOpen(true)} data-testid="new-ticket">
          {t('buttons.new')}
        </Button>
        {admin && tab !== 'search' ? (
          <Tooltip title={t('filters.showAllHint')}>
            <Flex gap={4} align="center">
              <Switch
                size="small"
                checked={showAll}
                onChange={setShowAll}
                aria-label={t('filters.showAll')}
                data-testid="tickets-show-all"
              />
              <span className="tickets-toolbar-label">{t('filters.showAll')}</span>
            </Flex>
          </Tooltip>
        ) : null}
        {tab !== 'search' ? queueSelect : null}
      </Flex>
      {tab === 'search' ? (
        <Flex vertical gap={8} className="tickets-search">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('filters.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="tickets-search"
          />
          <IdFilter
            label={t('filters.tags')}
            value={tagIds}
            onChange={setTagIds}
            options={(tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            testId="tickets-tag-filter"
          />
          {admin ? (
            <IdFilter
              label={t('filters.users')}
              value={userIds}
              onChange={setUserIds}
              options={(users ?? []).map((member) => ({ value: member.id, label: member.name }))}
              testId="tickets-user-filter"
            />
          ) : null}
          {queueSelect}
        </Flex>
      ) : null}
      {tab === 'open' ? (
        <>
          <Segmented
            block
            value={openTab}
            onChange={(value) => setOpenTab(value as OpenTab)}
            className="tickets-subtabs"
            options={[
              {
                value: 'open',
                label: (
                  <span data-testid="tab-assigned">
                    {t('tabs.assigned')} <Badge count={openCount} size="small" showZero={false} color="var(--ant-color-primary)" />
                  </span>
                ),
              },
              {
                value: 'pending',
                label: (
                  <span data-testid="tab-pending">
                    {t('tabs.pending')} <Badge count={pendingCount} size="small" showZero={false} />
                  </span>
                ),
              },
            ]}
          />
          {openTab === 'open' ? (
            <TicketList {...listProps} filter={openFilter} testId="tickets-open" />
          ) : (
            <TicketList {...listProps} filter={pendingFilter} testId="tickets-pending" />
          )}
        </>
      ) : null}
      {tab === 'closed' ? <TicketList {...listProps} filter={closedFilter} testId="tickets-closed" /> : null}
      {tab === 'search' ? <TicketList {...listProps} filter={searchFilter} testId="tickets-search-results" /> : null}
      <NewTicketModal open={newTicketOpen} onClose={() => setNewTicketOpen(false)} onCreated={showOpenTab} />
      <PeekModal ticket={peeking} onClose={() => setPeeking(null)} />
    </div>
  );
}
