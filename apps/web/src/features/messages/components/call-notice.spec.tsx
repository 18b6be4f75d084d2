import { render, screen } from '@testing-library/react';
import { act } from 'react';
import '../../../i18n/i18n';
import { changeLanguage } from '../../../i18n/i18n';
import { aMessage } from '../../../../test/tickets-fixtures';
import { CallNotice } from './message-bubble.component';

describe('CallNotice', () => {
  afterEach(async () => {
    await act(() => changeLanguage('pt'));
  });

  it('tells the call in the user’s language', async () => {
    const call = aMessage({ mediaType: 'call_log', body: 'Chamada de vídeo recusada às 08:30' });
    render(<CallNotice message={call} />);
    expect(screen.getByTestId('message-call')).toHaveTextContent('Chamada de vídeo recusada às 08:30');
    await act(() => changeLanguage('en'));
    expect(screen.getByTestId('message-call')).toHaveTextContent('Video call declined at 08:30');
    await act(() => changeLanguage('es'));
    expect(screen.getByTestId('message-call')).toHaveTextContent('Videollamada rechazada a las 08:30');
  });

  it('shows a body it cannot read as it is', () => {
    render(<CallNotice message={aMessage({ mediaType: 'call_log', body: 'Chamada do sistema antigo' })} />);
    expect(screen.getByTestId('message-call')).toHaveTextContent('Chamada do sistema antigo');
  });
});
