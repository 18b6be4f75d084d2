import {
  AudioOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  PaperClipOutlined,
  SendOutlined,
  SmileOutlined,
} from '@ant-design/icons';
import type { MessageView, QuickMessageView, TicketView } from '@atrium/contracts';
import { Button, Input, Popover, Spin, Switch, Tooltip, type GetRef } from 'antd';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toastError } from '../../../shared/notify/error-popup';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useQuickMessageListQuery } from '../../quick-messages/api/quick-messages.api';
import { useCustomerWindowQuery } from '../../templates/api/templates.api';
import { TemplatePicker } from '../../templates/components/template-picker.component';
import { messagesApi, useSendMediaMutation, useSendTextMutation } from '../api/messages.api';
import { useAudioRecorder } from '../hooks/use-audio-recorder.hook';
import { upsertMessage } from '../message-cache-rules';
import { quickReplyLabel, quickReplySuggestions } from '../quick-replies';
import { QuotedText } from './message-bubble.component';
import { ComposerAttachment } from './composer-attachment.component';

const EmojiPicker = lazy(() => import('./emoji-picker.component'));

/** The input grows up to 5 rows (spec 000 section 2). */
export const COMPOSER_MAX_ROWS = 5;

export interface MessageComposerProps {
  ticket: TicketView;
  replyingTo: MessageView | null;
  onCancelReply: () => void;
}

/**
 * The composer (spec 000 section 2): multi-line input, attachments, emoji, audio recording,
 * quick replies after '/', signed messages (on by default), reply to a message. Only an open
 * ticket takes messages: otherwise 'Reabra ou aceite esse ticket para enviar uma mensagem.'. On a
 * Cloud API connection more than 24 hours after the customer's last message, only a template goes.
 */
export function MessageComposer({ ticket, replyingTo, onCancelReply }: MessageComposerProps) {
  const { t } = useTranslation('messages');
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const theme = useAppSelector((state) => state.preferences.theme);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [signMessage, setSignMessage] = useState(true);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [sendText, sendingText] = useSendTextMutation();
  const [sendMedia, sendingMedia] = useSendMediaMutation();
  const recorder = useAudioRecorder();
  const input = useRef<GetRef<typeof Input.TextArea>>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { data: quickMessages } = useQuickMessageListQuery({ companyId: user.companyId, userId: user.id });

  const open = ticket.status === 'open';
  const { data: customerWindow } = useCustomerWindowQuery(
    { ticketId: ticket.id, at: ticket.updatedAt },
    { skip: !open || ticket.whatsappId === null },
  );
  const busy = sendingText.isLoading || sendingMedia.isLoading || recorder.state !== 'idle';
  const suggestions = open ? quickReplySuggestions(text, quickMessages ?? []) : [];

  const remember = (sent: MessageView[]) =>
    dispatch(
      messagesApi.util.updateQueryData('messagesPage', ticket.id, (draft) => sent.forEach((message) => upsertMessage(draft, message))),
    );

  const attempt = async (work: () => Promise<MessageView[]>): Promise<boolean> => {
    try {
      remember(await work());
      onCancelReply();
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  };

  const submit = async () => {
    if (!open || busy) return;
    const body = text.trim();
    const quotedMsg = replyingTo?.id;
    if (files.length > 0) {
      if (await attempt(() => sendMedia({ ticketId: ticket.id, files, body, quotedMsg, signMessage }).unwrap())) {
        setFiles([]);
        setText('');
      }
      return;
    }
    if (!body) return;
    if (await attempt(() => sendText({ ticketId: ticket.id, body, quotedMsg, signMessage }).unwrap())) setText('');
  };

  const chooseQuickReply = async (quick: QuickMessageView) => {
    if (quick.mediaUrl) {
      if (
        await attempt(() =>
          sendText({ ticketId: ticket.id, body: quick.message, mediaUrl: quick.mediaUrl ?? undefined, signMessage }).unwrap(),
        )
      )
        setText('');
      return;
    }
    setText(quick.message);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const area = input.current?.resizableTextArea?.textArea;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch (error) {
      toastError(t('microphoneUnavailable'));
      console.error(error);
    }
  };

  const finishRecording = async () => {
    try {
      const audio = await recorder.finish();
      // under 10000 bytes: discarded silently (spec 000 section 4)
      if (audio) await attempt(() => sendMedia({ ticketId: ticket.id, files: [audio], signMessage }).unwrap());
    } catch (error) {
      toastError(t('recordingFailed'));
      console.error(error);
    }
  };

  if (open && ticket.whatsappId !== null && customerWindow?.applies && !customerWindow.open) {
    return (
      <TemplatePicker
        ticketId={ticket.id}
        whatsappId={ticket.whatsappId}
        window={customerWindow}
        onSent={(message) => remember([message])}
      />
    );
  }

  if (recorder.state !== 'idle') {
    const minutes = String(Math.floor(recorder.elapsed / 60)).padStart(2, '0');
    const seconds = String(recorder.elapsed % 60).padStart(2, '0');
    return (
      <div className="composer composer-recording" data-testid="composer-recording">
        <Button
          type="text"
          danger
          icon={<CloseCircleOutlined />}
          aria-label={t('composer.cancelRecording')}
          onClick={recorder.cancel}
          disabled={recorder.state !== 'recording'}
        />
        <span className="recording-dot" />
        <span className="recording-time">
          {minutes}:{seconds}
        </span>
        {recorder.state === 'processing' ? <Spin size="small" /> : null}
        <Button
          type="text"
          icon={<CheckCircleOutlined style={{ color: 'var(--ant-color-success)' }} />}
          aria-label={t('composer.sendRecording')}
          onClick={() => void finishRecording()}
          disabled={recorder.state !== 'recording'}
        />
      </div>
    );
  }

  return (
    <div className="composer" data-testid="composer">
      {replyingTo ? (
        <div className="composer-reply" data-testid="composer-reply">
          <div className="message-quoted">
            <div className="message-quoted-author">{replyingTo.fromMe ? t('you') : (replyingTo.contact?.name ?? ticket.contact.name)}</div>
            <div className="message-quoted-body">
              <QuotedText quoted={replyingTo} />
            </div>
          </div>
          <Button type="text" icon={<CloseOutlined />} aria-label={t('composer.cancelReply')} onClick={onCancelReply} />
        </div>
      ) : null}
      {files.length > 0 ? (
        <div className="composer-files" data-testid="composer-files">
          {files.map((file, index) => (
            <ComposerAttachment
              key={`${file.name}-${index}`}
              file={file}
              onRemove={() => setFiles(files.filter((_, at) => at !== index))}
            />
          ))}
        </div>
      ) : null}
      {suggestions.length > 0 ? (
        <ul className="composer-suggestions" role="listbox" aria-label={t('composer.quickReplies')} data-testid="quick-replies">
          {suggestions.map((quick) => (
            <li
              key={quick.id}
              role="option"
              aria-selected={false}
              tabIndex={0}
              onClick={() => void chooseQuickReply(quick)}
              onKeyDown={(event) => event.key === 'Enter' && void chooseQuickReply(quick)}
            >
              {quickReplyLabel(quick)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="composer-row">
        <Popover
          open={emojiOpen && open}
          onOpenChange={setEmojiOpen}
          trigger="click"
          placement="topLeft"
          content={
            <Suspense fallback={<Spin />}>
              <EmojiPicker theme={theme} onPick={insertEmoji} />
            </Suspense>
          }
        >
          <Button type="text" icon={<SmileOutlined />} aria-label={t('composer.emoji')} disabled={!open} />
        </Popover>
        <Button
          type="text"
          icon={<PaperClipOutlined />}
          aria-label={t('composer.attach')}
          disabled={!open || busy}
          onClick={() => fileInput.current?.click()}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="composer-file-input"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            if (chosen.length > 0) setFiles([...files, ...chosen]);
            event.target.value = '';
          }}
        />
        <Input.TextArea
          ref={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: COMPOSER_MAX_ROWS }}
          placeholder={open ? t('composer.placeholder') : t('composer.closedPlaceholder')}
          disabled={!open || busy}
          aria-label={t('composer.input')}
          data-testid="composer-input"
          className="composer-input"
        />
        <Tooltip title={t('composer.sign')}>
          <Switch
            size="small"
            checked={signMessage}
            onChange={setSignMessage}
            disabled={!open}
            aria-label={t('composer.sign')}
            data-testid="composer-sign"
          />
        </Tooltip>
        {text.trim() || files.length > 0 ? (
          <Button
            type="primary"
            shape="circle"
            icon={<SendOutlined />}
            aria-label={t('composer.send')}
            onClick={() => void submit()}
            loading={busy}
            disabled={!open}
            data-testid="composer-send"
          />
        ) : (
          <Button
            type="text"
            shape="circle"
            icon={<AudioOutlined />}
            aria-label={t('composer.record')}
            onClick={() => void startRecording()}
            disabled={!open || busy}
            data-testid="composer-record"
          />
        )}
      </div>
    </div>
  );
}
