import { render, screen } from '@testing-library/react';
import { AppProviders } from '../../../app/app-providers';
import { createStore } from '../../../app/store';
import '../../../i18n/i18n';
import { displayFileName } from '../../../shared/ui/display-file-name';
import { aMessage } from '../../../../test/tickets-fixtures';
import { MessageMedia } from './message-media.component';

const REORDERING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

describe('file names a customer sent', () => {
  it('are shown without the characters that reorder text, so fatura<U+202E>fdp.exe cannot pass for a PDF', () => {
    const message = aMessage({ mediaType: 'application', body: '', mediaName: 'fatura\u202Efdp.exe', mediaUrl: '/public/whatsapp/1/1/x' });
    render(
      <AppProviders store={createStore()}>
        <MessageMedia message={message} />
      </AppProviders>,
    );
    const shown = screen.getByTestId('message-download').textContent!;
    expect(shown).toContain('fatura' + 'fdp.exe');
    expect(shown).not.toMatch(REORDERING);
  });

  it('lose every embedding, override, isolate and direction mark, and keep everything else', () => {
    const hostile = 'a\u202Ab\u202Bc\u202Cd\u202De\u202Ef\u2066g\u2067h\u2068i\u2069j\u200Ek\u200Fl\u061Cm.pdf';
    expect(displayFileName(hostile)).toBe('abcdefghijklm.pdf');
    expect(displayFileName('Relatório – março (1).pdf')).toBe('Relatório – março (1).pdf');
    expect(displayFileName('تقرير.pdf')).toBe('تقرير.pdf');
  });
});
