import { render, screen } from '@testing-library/react';
import { act } from 'react';
import '../../../i18n/i18n';
import { changeLanguage } from '../../../i18n/i18n';
import { aMessage } from '../../../../test/tickets-fixtures';
import { MessageBubble } from './message-bubble.component';

/** A message the network reported failed (Meta's statuses[].status = failed) says so in its bubble, with the network's reason. */
describe('MessageBubble: a failed message', () => {
  afterEach(async () => {
    await act(() => changeLanguage('pt'));
  });

  it("shows the failure mark and Meta's error code and title in the user's language", async () => {
    const failed = aMessage({ id: 7, fromMe: true, ack: -1, body: 'Segue o boleto', error: '131026: Message undeliverable' });
    render(<MessageBubble message={failed} showAuthor={false} />);
    expect(screen.getByTestId('message-error')).toHaveTextContent('Não entregue: 131026: Message undeliverable');
    expect(screen.getByRole('img', { name: 'Falha no envio' })).toHaveAttribute('data-ack', '-1');
    await act(() => changeLanguage('en'));
    expect(screen.getByTestId('message-error')).toHaveTextContent('Not delivered: 131026: Message undeliverable');
    await act(() => changeLanguage('es'));
    expect(screen.getByTestId('message-error')).toHaveTextContent('No entregado: 131026: Message undeliverable');
  });

  it('shows no error on a delivered message, nor on a failure the network gave no reason for', () => {
    const { unmount } = render(<MessageBubble message={aMessage({ fromMe: true, ack: 2 })} showAuthor={false} />);
    expect(screen.queryByTestId('message-error')).toBeNull();
    unmount();
    render(<MessageBubble message={aMessage({ fromMe: true, ack: -1 })} showAuthor={false} />);
    expect(screen.queryByTestId('message-error')).toBeNull();
    expect(screen.getByRole('img', { name: 'Falha no envio' })).toBeInTheDocument();
  });
});
