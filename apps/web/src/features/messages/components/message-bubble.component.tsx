import { DownOutlined, PhoneOutlined, StopOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { MessageView, QuotedMessageView } from '@atrium/contracts';
import { parseCallNotice } from '@atrium/contracts/tickets/call-notice.js';
import { Button, Dropdown } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatWhatsappText } from '../whatsapp-format';
import { AckIcon } from './ack-icon.component';
import { MessageMedia, showsBodyAsText } from './message-media.component';

/** What a quoted message or a reply preview shows: its text, or the kind of media. */
export function QuotedText({ quoted }: { quoted: Pick<QuotedMessageView, 'body' | 'mediaType' | 'isDeleted'> }) {
  const { t } = useTranslation('messages');
  if (quoted.isDeleted) return <>{t('deleted')}</>;
  if (quoted.mediaType === 'locationMessage') return <>{t('location')}</>;
  if (quoted.mediaType !== 'chat' && quoted.mediaType !== 'call_log' && !quoted.body.trim())
    return <>{t(`mediaTypes.${quoted.mediaType}`)}</>;
  return <>{quoted.body}</>;
}

export function QuotedMessage({ quoted }: { quoted: QuotedMessageView }) {
  const { t } = useTranslation('messages');
  return (
    <div className={`message-quoted ${quoted.fromMe ? 'message-quoted-mine' : ''}`} data-testid="message-quoted">
      <div className="message-quoted-author">{quoted.fromMe ? t('you') : (quoted.contact?.name ?? '')}</div>
      <div className="message-quoted-body">
        <QuotedText quoted={quoted} />
      </div>
    </div>
  );
}

/** A missed voice or video call (spec 000 section 2), in the user's language. */
export function CallNotice({ message }: { message: MessageView }) {
  const { t } = useTranslation('messages');
  const call = parseCallNotice(message.body);
  const text = call
    ? t(call.isVideo ? 'call.video' : 'call.voice', { status: t(`call.status.${call.status}`), time: call.time })
    : message.body;
  return (
    <div className="message-notice message-call" data-testid="message-call">
      {call?.isVideo ? <VideoCameraOutlined /> : <PhoneOutlined />} <span>{text}</span>
    </div>
  );
}

export interface MessageBubbleProps {
  message: MessageView;
  /** Group conversations name who wrote each message. */
  showAuthor: boolean;
  onReply?: (message: MessageView) => void;
  onDelete?: (message: MessageView) => void;
}

/** One message: menu (reply, delete own), quoted message, media, text, edited/deleted marks, time and ticks. */
export function MessageBubble({ message, showAuthor, onReply, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation('messages');
  const items = [
    ...(onReply && !message.isDeleted ? [{ key: 'reply', label: t('menu.reply') }] : []),
    ...(onDelete && message.fromMe && !message.isDeleted ? [{ key: 'delete', label: t('menu.delete'), danger: true }] : []),
  ];
  return (
    <div className={`message-row ${message.fromMe ? 'message-row-mine' : ''}`} data-testid={`message-${message.id}`}>
      <div className={`message-bubble ${message.fromMe ? 'message-mine' : 'message-theirs'} ${message.isDeleted ? 'message-deleted' : ''}`}>
        {items.length > 0 ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items,
              onClick: ({ key }) => (key === 'reply' ? onReply?.(message) : onDelete?.(message)),
            }}
          >
            <Button
              type="text"
              size="small"
              className="message-menu"
              icon={<DownOutlined />}
              aria-label={t('menu.title')}
              data-testid={`message-menu-${message.id}`}
            />
          </Dropdown>
        ) : null}
        {showAuthor && !message.fromMe && message.contact ? <div className="message-author">{message.contact.name}</div> : null}
        {message.quotedMsg ? <QuotedMessage quoted={message.quotedMsg} /> : null}
        {message.isDeleted ? (
          <div className="message-deleted-mark" data-testid="message-deleted">
            <StopOutlined /> {t('deleted')}
          </div>
        ) : null}
        <MessageMedia message={message} />
        {showsBodyAsText(message) && message.body ? <div className="message-text">{formatWhatsappText(message.body)}</div> : null}
        {message.fromMe && message.ack < 0 && message.error ? (
          <div className="message-error" data-testid="message-error" style={{ color: 'var(--ant-color-error)', fontSize: 12 }}>
            {t('failedBecause', { error: message.error })}
          </div>
        ) : null}
        <div className="message-meta">
          {message.isEdited ? (
            <span className="message-edited" data-testid="message-edited">
              {t('edited')}
            </span>
          ) : null}
          <span className="message-time">{dayjs(message.createdAt).format('HH:mm')}</span>
          {message.fromMe ? <AckIcon ack={message.ack} /> : null}
        </div>
      </div>
    </div>
  );
}
