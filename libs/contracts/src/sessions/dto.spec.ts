import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { UpdateWhatsappDto, WhatsappDto } from './dto.js';
import { OutboundRequestDto } from './outbound.js';

function check<T extends object>(dto: new () => T, body: object): { value: T; fields: string[] } {
  const value = plainToInstance(dto, body);
  const fields = validateSync(value, { whitelist: true }).map((e) => e.property);
  return { value, fields };
}

describe('connection DTOs', () => {
  it('requires a name of 2 to 50 characters on create', () => {
    expect(check(WhatsappDto, {}).fields).toEqual(['name']);
    expect(check(WhatsappDto, { name: 'A' }).fields).toEqual(['name']);
    expect(check(WhatsappDto, { name: 'x'.repeat(51) }).fields).toEqual(['name']);
    expect(check(WhatsappDto, { name: 'Sales' }).fields).toEqual([]);
  });

  it('lets an update leave the name out but not shorten it below 2', () => {
    expect(check(UpdateWhatsappDto, { greetingMessage: 'Hi' }).fields).toEqual([]);
    expect(check(UpdateWhatsappDto, { name: 'A' }).fields).toEqual(['name']);
  });

  it('reads what the form sends: numbers as text, empty prompt as none, a typed token dropped (the server generates tokens)', () => {
    const { value, fields } = check(WhatsappDto, {
      name: 'Sales',
      expiresTicket: '15',
      maxUseBotQueues: '3',
      promptId: '',
      token: '',
    });
    expect(fields).toEqual([]);
    expect(value).toMatchObject({ expiresTicket: 15, maxUseBotQueues: 3, promptId: null });
    expect(value).not.toHaveProperty('token', expect.anything());
  });

  it('refuses unknown providers, negative limits and bad queue ids', () => {
    const { fields } = check(WhatsappDto, { name: 'Sales', provider: 'telegram', expiresTicket: -1, queueIds: [1, 'x'] });
    expect(fields.sort()).toEqual(['expiresTicket', 'provider', 'queueIds']);
  });
});

describe('OutboundRequestDto', () => {
  it('accepts a text to a number, a lid or a group', () => {
    for (const to of ['5511987654321', '123456789012345@lid', '120363042421234567@g.us']) {
      const { fields } = check(OutboundRequestDto, { companyId: 1, whatsappId: 2, command: { type: 'sendText', to, body: 'hi' } });
      expect(fields).toEqual([]);
    }
  });

  it('refuses an unknown command and an address that is no chat id', () => {
    expect(check(OutboundRequestDto, { companyId: 1, whatsappId: 2, command: { type: 'format', to: '1' } }).fields).toEqual(['command']);
    expect(
      check(OutboundRequestDto, { companyId: 1, whatsappId: 2, command: { type: 'sendText', to: 'x@s.whatsapp.net' } }).fields,
    ).toEqual(['command']);
  });
});
