import { jest } from '@jest/globals';
import type { NotifierApis } from './notifier';
import { bindNotifier } from './notifier';
import { toastError } from './error-popup';
import '../../i18n/i18n';

type Popup = { title: unknown; description: unknown; duration: unknown };

function recordPopups(): Popup[] {
  const popups: Popup[] = [];
  const notification = { error: (args: Popup) => popups.push(args) };
  bindNotifier({ notification } as unknown as NotifierApis);
  return popups;
}

describe('error popups (spec 000 section 8)', () => {
  afterEach(() => bindNotifier(null));

  it("shows a known code translated, titled 'Erro', for 2 s", () => {
    const popups = recordPopups();
    toastError({ status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', status: 409 } });
    expect(popups).toEqual(
      [{ title: 'Erro', description: 'Já existe um tíquete aberto para este contato.', duration: 2 }].map((p) =>
        expect.objectContaining(p),
      ),
    );
  });

  it('shows an unknown code raw', () => {
    const popups = recordPopups();
    toastError({ status: 400, data: { error: 'ERR_SOMETHING_NEW' } });
    expect(popups[0]).toEqual(expect.objectContaining({ description: 'ERR_SOMETHING_NEW', duration: 2 }));
  });

  it('shows a plain text error for 3 s', () => {
    const popups = recordPopups();
    toastError('Sua conta foi acessada em outro computador.');
    expect(popups[0]).toEqual(
      expect.objectContaining({ title: 'Erro', description: 'Sua conta foi acessada em outro computador.', duration: 3 }),
    );
  });

  it('only logs other errors', () => {
    const popups = recordPopups();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    toastError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(popups).toHaveLength(0);
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
