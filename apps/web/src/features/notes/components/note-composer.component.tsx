import { LockOutlined } from '@ant-design/icons';
import type { TicketView } from '@atrium/contracts';
import { Button, Mentions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { useSessionUser } from '../../auth/hooks/use-session.hook';
import { useAddTicketNoteMutation } from '../../contacts/api/ticket-notes.api';
import { useUserListQuery } from '../../../shared/api/user-list.api';
import { mentionedIn, type MentionCandidate } from '../note-mentions';

/** The spec's rule for a ticket note: at least 2 characters. */
const NOTE_MIN_LENGTH = 2;

/**
 * Writes a private note on the ticket from the conversation: never sent to the customer, shown
 * to the agents who see the ticket. Typing @ offers the company's users; those still named when
 * the note is added are notified.
 */
export function NoteComposer({ ticket }: { ticket: Pick<TicketView, 'id' | 'contactId'> }) {
  const { t } = useTranslation('messages');
  const user = useSessionUser();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<MentionCandidate[]>([]);
  const { data: users } = useUserListQuery();
  const [addNote, adding] = useAddTicketNoteMutation();
  const colleagues = (users ?? []).filter((candidate) => candidate.id !== user.id);
  const ready = text.trim().length >= NOTE_MIN_LENGTH && !adding.isLoading;

  const submit = async () => {
    if (!ready) return;
    try {
      await addNote({ note: text.trim(), ticketId: ticket.id, contactId: ticket.contactId, mentions: mentionedIn(text, picked) }).unwrap();
      setText('');
      setPicked([]);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="note-composer" data-testid="note-composer">
      <Mentions
        autoSize={{ minRows: 1, maxRows: 6 }}
        value={text}
        onChange={setText}
        prefix="@"
        placeholder={t('notes.placeholder')}
        aria-label={t('notes.input')}
        options={colleagues.map((colleague) => ({ key: String(colleague.id), value: colleague.name, label: colleague.name }))}
        onSelect={(option) => {
          const chosen = colleagues.find((colleague) => colleague.name === option.value);
          if (chosen) setPicked((current) => [...current, { id: chosen.id, name: chosen.name }]);
        }}
        data-testid="note-input"
      />
      <Button
        type="primary"
        icon={<LockOutlined />}
        disabled={!ready}
        loading={adding.isLoading}
        onClick={() => void submit()}
        data-testid="note-send"
      >
        {t('notes.add')}
      </Button>
    </div>
  );
}
