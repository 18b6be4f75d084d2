import { SendOutlined } from '@ant-design/icons';
import type { ChatMessageView, ChatView } from '@atrium/contracts';
import { Button, Empty, Flex, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/dates';
import { useOlderPagesScroll } from '../../../shared/hooks/use-older-pages-scroll.hook';
import { useChatMessagesInfiniteQuery, useSendChatMessageMutation } from '../api/chats.api';
import { OLDER_CHAT_MESSAGES_THRESHOLD_PX } from '../chat-rules';

/** Pages come newest first; each page is oldest first: the conversation reads oldest to newest. */
function messagesOf(pages: { records: ChatMessageView[] }[] | undefined): ChatMessageView[] {
  return [...(pages ?? [])].reverse().flatMap((page) => page.records);
}

/** The open chat: its messages (older ones load near the top) and the composer (Enter or the button sends a non-blank text). */
export function ChatConversation({ chat, userId }: { chat: ChatView; userId: number }) {
  const { t } = useTranslation('chats');
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage } = useChatMessagesInfiniteQuery(chat.id, {
    refetchOnMountOrArgChange: true,
  });
  const [send, sending] = useSendChatMessageMutation();
  const [text, setText] = useState('');
  const messages = messagesOf(data?.pages);
  const { scroller, onScroll } = useOlderPagesScroll({
    conversationId: chat.id,
    newestId: messages.at(-1)?.id ?? null,
    pages: data?.pages.length ?? 0,
    thresholdPx: OLDER_CHAT_MESSAGES_THRESHOLD_PX,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  });

  const submit = async () => {
    if (text.trim() === '' || sending.isLoading) return;
    const message = text;
    setText('');
    try {
      await send({ chatId: chat.id, message }).unwrap();
    } catch {
      setText(message); // chat errors are swallowed (spec 001 section 8); the text is kept to retry
    }
  };

  return (
    <Flex vertical className="chat-conversation" data-testid="chat-conversation">
      <div className="chat-conversation-title">
        <Typography.Text strong>{chat.title}</Typography.Text>
      </div>
      <div className="chat-messages" ref={scroller} onScroll={onScroll} data-testid="chat-messages">
        {isFetchingNextPage ? <Spin size="small" className="chats-spin" /> : null}
        {isLoading ? (
          <Spin className="chats-spin" />
        ) : messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMessages')} />
        ) : (
          messages.map((message) => (
            <div
              key={message.id}
              className={`chat-message${message.senderId === userId ? ' chat-message-mine' : ''}`}
              data-testid="chat-message"
            >
              <Typography.Text type="secondary" className="chat-message-sender">
                {message.sender.name}
              </Typography.Text>
              <div className="chat-message-text">{message.message}</div>
              <Typography.Text type="secondary" className="chat-message-time">
                {formatDateTime(message.createdAt)}
              </Typography.Text>
            </div>
          ))
        )}
      </div>
      <Flex gap={8} className="chat-composer">
        <Input.TextArea
          value={text}
          autoSize={{ minRows: 1, maxRows: 5 }}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.placeholder')}
          data-testid="chat-input"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label={t('composer.send')}
          data-testid="chat-send"
          disabled={text.trim() === ''}
          onClick={() => void submit()}
        />
      </Flex>
    </Flex>
  );
}
