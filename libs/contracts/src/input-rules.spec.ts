import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import * as contracts from './index.js';
import { inputRuleErrors, isCalendarDay } from './input-rules.js';
import { UpdateWhatsappDto } from './sessions/dto.js';
import { ContactsQueryDto, SendMessageCommand, TicketsQueryDto, UpdateQuickMessageDto, UpdateTagDto } from './tickets/dto.js';

function fieldsOf<T extends object>(dto: new () => T, plain: object): string[] {
  const value = plainToInstance(dto, plain);
  return [...validateSync(value, { whitelist: true }), ...inputRuleErrors(value)].map((e) => e.property);
}

type Dto = new () => object;
const dtoClasses = Object.values(contracts).filter(
  (value): value is Dto =>
    typeof value === 'function' && getMetadataStorage().getTargetValidationMetadatas(value, '', true, false).length > 0,
);

describe('boolean flags', () => {
  const flags = dtoClasses.flatMap((dto) =>
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .filter((m) => m.name === 'isBoolean')
      .map((m) => [dto.name, m.propertyName, dto] as const),
  );

  it('exist (the check below looks at something)', () => expect(flags.length).toBeGreaterThan(10));

  it.each(flags)('%s.%s reads 1/0, "1"/"0" and "true"/"false" as booleans', (_, property, dto) => {
    for (const [sent, read] of [
      [1, true],
      [0, false],
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
      [true, true],
      [false, false],
    ] as const) {
      expect(plainToInstance(dto, { [property]: sent })).toHaveProperty(property, read);
    }
    expect(plainToInstance(dto, { [property]: 'yes' })).toHaveProperty(property, 'yes');
  });
});

describe('input rules every DTO obeys', () => {
  it('refuses ids beyond an integer column, in bodies, lists and queries', () => {
    expect(fieldsOf(UpdateTagDto, { userId: 2147483648 })).toEqual(['userId']);
    expect(fieldsOf(UpdateTagDto, { userId: 2147483647 })).toEqual([]);
    expect(fieldsOf(UpdateWhatsappDto, { queueIds: [1, 2147483648] })).toEqual(['queueIds']);
    expect(fieldsOf(TicketsQueryDto, { queueIds: '[2147483648]' })).toEqual(['queueIds']);
    expect(fieldsOf(SendMessageCommand, { ticketId: 1, medias: [{ path: 'a', mimetype: 'text/plain', filename: 'a', size: 1 }] })).toEqual(
      [],
    );
  });

  it('refuses NUL in text, searches and lists of text', () => {
    expect(fieldsOf(UpdateQuickMessageDto, { message: 'a\u0000b' })).toEqual(['message']);
    expect(fieldsOf(ContactsQueryDto, { searchParam: '\u0000' })).toEqual(['searchParam']);
  });

  it('refuses null where a field may only be left out, and keeps it where the DTO allows it', () => {
    // a tag's colour null or '' is 'not given' (Atendechat's tag dialog sends it so): the stored one stays
    expect(fieldsOf(UpdateTagDto, { color: null })).toEqual([]);
    expect(fieldsOf(UpdateQuickMessageDto, { message: null })).toEqual(['message']);
    expect(fieldsOf(UpdateWhatsappDto, { provider: null })).toEqual(['provider']);
    expect(fieldsOf(UpdateTagDto, { userId: null })).toEqual([]);
    expect(fieldsOf(UpdateWhatsappDto, { greetingMessage: null, promptId: null })).toEqual([]);
  });

  it('names the nested field', () => {
    const value = plainToInstance(SendMessageCommand, {
      ticketId: 1,
      medias: [{ path: 'a\u0000', mimetype: 'text/plain', filename: 'a', size: 1 }],
    });
    const [error] = inputRuleErrors(value);
    expect(error?.property).toBe('medias');
    expect(error?.children?.[0]?.children?.[0]?.property).toBe('path');
  });
});

describe('calendar days', () => {
  it.each(['2024-02-29', '1900-01-01', '2999-12-31'])('%s is a day', (day) => expect(isCalendarDay(day)).toBe(true));
  it.each(['9999-99-99', '2023-02-29', '0001-01-01', '9999-12-31', '2024-13-01', '2024-1-01', ''])('%s is not', (day) =>
    expect(isCalendarDay(day)).toBe(false),
  );

  it('is what date queries take', () => {
    expect(fieldsOf(TicketsQueryDto, { updatedAt: '9999-99-99' })).toEqual(['updatedAt']);
    expect(fieldsOf(ContactsQueryDto, { dateStart: '0001-01-01', dateEnd: '9999-12-31' })).toEqual(['dateStart', 'dateEnd']);
  });
});
