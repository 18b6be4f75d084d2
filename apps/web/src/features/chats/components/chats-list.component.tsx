import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ChatView } from '@atrium/contracts';
import { Badge, Button, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { nearBottom } from '../../../shared/api/paged';
import { isOwner, unreadsOf } from '../chat-rules';

/** The left list: each chat with its title, last message and the user's unread badge; the owner's edit and delete. */
export function ChatsList({
  chats,
  userId,
  selectedId,
  loading,
  hasNextPage,
  fetchNextPage,
  onOpen,
  onEdit,
  onDelete,
}: {
  chats: ChatView[];
  userId: number;
  selectedId: number | null;
  loading: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  onOpen: (chat: ChatView) => void;
  onEdit: (chat: ChatView) => void;
  onDelete: (chat: ChatView) => void;
}) {
  const { t } = useTranslation('chats');
  return (
    <div
      className="chats-list"
      data-testid="chats-list"
      onScroll={(event) => {
        if (hasNextPage && !loading && nearBottom(event.currentTarget)) void fetchNextPage();
      }}
    >
      {chats.length === 0 && !loading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> : null}
      {chats.map((chat) => (
        <div
          key={chat.id}
          role="button"
          tabIndex={0}
          className={`chats-item${chat.id === selectedId ? ' chats-item-selected' : ''}`}
          data-testid="chat-item"
          onClick={() => onOpen(chat)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onOpen(chat);
          }}
        >
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text strong ellipsis>
              {chat.title}
            </Typography.Text>
            <Flex align="center" gap={4}>
              <Badge count={unreadsOf(chat, userId)} size="small" data-testid="chat-unreads" />
              {isOwner(chat, userId) ? (
                <>
                  <Button
                    type="text"
                    size="small"
                    aria-label={t('edit')}
                    icon={<EditOutlined />}
                    onClick={(event) => {
                      event.stopPropagation();
                      onEdit(chat);
                    }}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    aria-label={t('delete')}
                    icon={<DeleteOutlined />}
                    onClick={(event) => {
                      event.stopPropagation();
                      onDelete(chat);
                    }}
                  />
                </>
              ) : null}
            </Flex>
          </Flex>
          <Typography.Text type="secondary" ellipsis className="chats-item-last">
            {chat.lastMessage}
          </Typography.Text>
        </div>
      ))}
      {loading ? <Spin size="small" className="chats-spin" /> : null}
    </div>
  );
}
