import { PlusOutlined } from '@ant-design/icons';
import type { ChatView } from '@atrium/contracts';
import { App, Button, Card, Empty, Flex, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useIsNarrow } from '../../../shared/hooks/use-media-query.hook';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useChatQuery, useChatsPageInfiniteQuery, useDeleteChatMutation, useMarkChatReadMutation } from '../api/chats.api';
import { unreadsOf } from '../chat-rules';
import { useChatLive } from '../hooks/use-chat-live.hook';
import { ChatConversation } from './chat-conversation.component';
import { ChatDialog } from './chat-dialog.modal';
import { ChatsList } from './chats-list.component';
import '../chats.css';

/** Internal chat at /chats/:id? (id = the chat's uuid): the list on the left, the open conversation on the right; two tabs on narrow screens. */
export default function ChatsPage() {
  const { t } = useTranslation('chats');
  const user = useSessionUser();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const { id: uuid } = useParams<{ id?: string }>();
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  const [dialog, setDialog] = useState<{ open: boolean; chat: ChatView | null }>({ open: false, chat: null });

  const list = useChatsPageInfiniteQuery('');
  const chats = (list.data?.pages ?? []).flatMap((page) => page.records);
  const selected = useChatQuery(uuid ?? '', { skip: !uuid });
  const current = uuid && selected.data?.uuid === uuid ? selected.data : null;
  const [deleteChat] = useDeleteChatMutation();
  const [markRead] = useMarkChatReadMutation();

  const closeChat = () => {
    setTab('chats');
    void navigate('/chats');
  };
  useChatLive(user.companyId, current?.id ?? null, closeChat);

  useEffect(() => {
    if (uuid && selected.isError) void navigate('/chats');
  }, [uuid, selected.isError, navigate]);

  // opening a chat with unread messages marks it read, and so does a message arriving while it is open
  const unread = current ? unreadsOf(current, user.id) : 0;
  useEffect(() => {
    if (current && unread > 0) markRead({ chatId: current.id, userId: user.id }).catch(() => undefined);
  }, [current?.id, unread, markRead, user.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const open = (chat: ChatView) => {
    setTab('messages');
    void navigate(`/chats/${chat.uuid}`);
  };

  const confirmDelete = (chat: ChatView) =>
    modal.confirm({
      title: t('deleteConfirm.title'),
      content: t('deleteConfirm.message'),
      okText: t('deleteConfirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('dialog.cancel'),
      onOk: async () => {
        try {
          await deleteChat(chat.id).unwrap();
          if (chat.id === current?.id) closeChat();
        } catch {
          // chat errors are swallowed (spec 001 section 8)
        }
      },
    });

  const listPane = (
    <ChatsList
      chats={chats}
      userId={user.id}
      selectedId={current?.id ?? null}
      loading={list.isLoading || list.isFetchingNextPage}
      hasNextPage={list.hasNextPage}
      fetchNextPage={list.fetchNextPage}
      onOpen={open}
      onEdit={(chat) => setDialog({ open: true, chat })}
      onDelete={confirmDelete}
    />
  );
  const conversationPane = current ? (
    <ChatConversation key={current.id} chat={current} userId={user.id} />
  ) : (
    <Empty className="chats-none" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('select')} />
  );

  return (
    <Flex vertical gap={12} className="chats-page">
      <PageHeader
        title={t('title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} data-testid="new-chat" onClick={() => setDialog({ open: true, chat: null })}>
            {t('new')}
          </Button>
        }
      />
      <Card className="chats-card" styles={{ body: { padding: 0, height: '100%' } }}>
        {narrow ? (
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as 'chats' | 'messages')}
            centered
            className="chats-tabs"
            items={[
              { key: 'chats', label: t('tabs.chats'), children: listPane },
              { key: 'messages', label: t('tabs.messages'), children: conversationPane },
            ]}
          />
        ) : (
          <div className="chats-columns">
            {listPane}
            {conversationPane}
          </div>
        )}
      </Card>
      <ChatDialog
        open={dialog.open}
        chat={dialog.chat}
        userId={user.id}
        onClose={() => setDialog({ open: false, chat: null })}
        onSaved={(chat) => {
          if (!dialog.chat) open(chat);
        }}
      />
    </Flex>
  );
}
