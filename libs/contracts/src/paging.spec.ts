import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PageQueryDto } from './paging.js';
import { ContactsQueryDto, MessagesQueryDto, TicketsQueryDto } from './tickets/dto.js';

function check<T extends object>(dto: new () => T, query: object): { value: T; fields: string[] } {
  const value = plainToInstance(dto, query);
  const fields = validateSync(value, { whitelist: true, forbidNonWhitelisted: true }).map((e) => e.property);
  return { value, fields };
}

describe('paged list queries', () => {
  it.each([PageQueryDto, ContactsQueryDto, TicketsQueryDto])(
    '%p reads the page number from the query text and bounds it and the search',
    (dto) => {
      expect(check(dto, {}).fields).toEqual([]);
      const { value, fields } = check(dto, { searchParam: 'ana', pageNumber: '3' });
      expect(fields).toEqual([]);
      expect(value).toMatchObject({ searchParam: 'ana', pageNumber: 3 });
      expect(check(dto, { pageNumber: '0' }).fields).toEqual(['pageNumber']);
      expect(check(dto, { pageNumber: '1.5' }).fields).toEqual(['pageNumber']);
      expect(check(dto, { pageNumber: '100000' }).fields).toEqual([]);
      expect(check(dto, { pageNumber: '100001' }).fields).toEqual(['pageNumber']);
      expect(check(dto, { searchParam: 'x'.repeat(100) }).fields).toEqual([]);
      expect(check(dto, { searchParam: 'x'.repeat(101) }).fields).toEqual(['searchParam']);
    },
  );

  it('gives a ticket’s messages the same page number, without a search', () => {
    const { value, fields } = check(MessagesQueryDto, { pageNumber: '2', markRead: 'false' });
    expect(fields).toEqual([]);
    expect(value).toMatchObject({ pageNumber: 2, markRead: false });
    expect(check(MessagesQueryDto, { pageNumber: '0' }).fields).toEqual(['pageNumber']);
    expect(check(MessagesQueryDto, { pageNumber: '100001' }).fields).toEqual(['pageNumber']);
    expect(check(MessagesQueryDto, { searchParam: 'ana' }).fields).toEqual(['searchParam']);
  });
});
