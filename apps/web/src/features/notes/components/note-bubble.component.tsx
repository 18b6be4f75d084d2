import { LockOutlined } from '@ant-design/icons';
import type { TicketNoteView } from '@atrium/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { splitMentions } from '../note-mentions';

/**
 * A private note inline in the conversation: agents only, never sent to the customer. Set apart
 * from messages (centred, note colour, lock, 'Nota privada' with its author), the colleagues it
 * names highlighted.
 */
export function NoteBubble({ note, colleagues }: { note: TicketNoteView; colleagues: readonly string[] }) {
  const { t } = useTranslation('messages');
  return (
    <div className="note-row" data-testid={`note-${note.id}`}>
      <div className="note-bubble" role="note" aria-label={t('notes.label')}>
        <div className="note-header">
          <LockOutlined /> {t('notes.title')}
          {note.user ? ` · ${note.user.name}` : ''}
        </div>
        <div className="note-text">
          {splitMentions(note.note, colleagues).map((piece, index) =>
            piece.mention ? (
              <mark key={index} className="note-mention">
                {piece.text}
              </mark>
            ) : (
              <span key={index}>{piece.text}</span>
            ),
          )}
        </div>
        <div className="note-time">{dayjs(note.createdAt).format('HH:mm')}</div>
      </div>
    </div>
  );
}
