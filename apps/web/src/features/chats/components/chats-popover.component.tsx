import { CommentOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useChatsQuery } from '../api/chats.api';
import { unreadsOf } from '../chat-rules';
import { hasUnreadChats } from '../hooks/use-unread-chats.hook';

/** The top bar's chats popover (spec 000 "Top bar"): the user's chats with their last message, a dot while one is unread, links to /chats/{uuid}. */
export function ChatsPopover() {
  const { t } = useTranslation('chats');
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const { data } = useChatsQuery();
  const chats = data?.records ?? [];

  const content = (
    <div className="header-popover" data-testid="chats-popover">
      {chats.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <Flex vertical gap={8}>
          {chats.map((chat) => (
            <Link key={chat.id} to={`/chats/${chat.uuid}`} onClick={() => setOpen(false)} data-testid="chats-popover-item">
              <Flex justify="space-between" gap={8} align="center">
                <Typography.Text strong ellipsis>
                  {chat.title}
                </Typography.Text>
                <Badge count={unreadsOf(chat, user.id)} size="small" />
              </Flex>
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                {chat.lastMessage}
              </Typography.Text>
            </Link>
          ))}
        </Flex>
      )}
    </div>
  );

  return (
    <Popover content={content} title={t('popover.title')} trigger="click" placement="bottom" open={open} onOpenChange={setOpen}>
      <Badge dot={hasUnreadChats(chats, user.id)} offset={[-6, 6]} data-testid="chats-popover-dot">
        <Button type="text" shape="circle" aria-label={t('popover.title')} data-testid="chats-button" icon={<CommentOutlined />} />
      </Badge>
    </Popover>
  );
}
