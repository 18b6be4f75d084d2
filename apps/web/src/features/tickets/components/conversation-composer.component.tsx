import type { MessageView, TicketView } from '@atrium/contracts';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageComposer } from '../../messages/components/message-composer.component';
import { NoteComposer } from '../../notes/components/note-composer.component';

type ComposerMode = 'reply' | 'note';

/** Below the conversation: reply to the customer, or write a private note for the team (as Chatwoot and Zendesk do). */
export function ConversationComposer({
  ticket,
  replyingTo,
  onCancelReply,
}: {
  ticket: TicketView;
  replyingTo: MessageView | null;
  onCancelReply: () => void;
}) {
  const { t } = useTranslation('messages');
  const [mode, setMode] = useState<ComposerMode>('reply');
  return (
    <div className={`conversation-composer conversation-composer-${mode}`}>
      <Segmented<ComposerMode>
        className="conversation-composer-mode"
        size="small"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'reply', label: t('notes.modeReply') },
          { value: 'note', label: t('notes.modeNote') },
        ]}
        data-testid="composer-mode"
      />
      {mode === 'reply' ? (
        <MessageComposer ticket={ticket} replyingTo={replyingTo} onCancelReply={onCancelReply} />
      ) : (
        <NoteComposer ticket={ticket} />
      )}
    </div>
  );
}
