import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  ErrorCode,
  type Actor,
  type ContactDto,
  type ContactsListQueryDto,
  type ContactsPageView,
  type ContactsQueryDto,
  type ContactView,
  type UpdateContactDto,
} from '@atrium/contracts';
import { isUniqueViolation } from '@atrium/database';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import { dayRange, hasMore, requireAdmin, startOfDay } from '@atrium/kernel';
import { PAGE_SIZES } from '../shared/page-sizes.js';
import type { TicketsConfig } from '../config.js';
import { MediaFiles } from '../media/media-files.js';
import { MediaReferencesRepository } from '../media/media-references.repository.js';
import { scopeOf, TicketsEvents } from '../shared/tickets.events.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { ContactViews } from './contact.view.js';
import { CONTACT_NUMBER_UNIQUE, ContactsRepository, type ContactFilter } from './contacts.repository.js';
import { NumberChecker } from './number-checker.js';

/** Contacts (spec 000 "Contacts"): every user reads and writes them, admins delete them. */
@Injectable()
export class ContactsService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @Inject(ContactViews) private readonly views: ContactViews,
    @Inject(NumberChecker) private readonly numbers: NumberChecker,
    @Inject(TicketsEvents) private readonly events: TicketsEvents,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
    @Inject(MediaReferencesRepository) private readonly mediaReferences: MediaReferencesRepository,
    @Inject(MediaFiles) private readonly media: MediaFiles,
  ) {}

  page(actor: Actor, query: ContactsQueryDto): Promise<ContactsPageView> {
    const filter: ContactFilter = { searchParam: query.searchParam };
    if (query.date) Object.assign(filter, dayRange(query.date, this.config.TIME_ZONE));
    if (query.dateStart) filter.from = startOfDay(query.dateStart, this.config.TIME_ZONE);
    if (query.dateEnd) filter.until = dayRange(query.dateEnd, this.config.TIME_ZONE).until;
    return this.database.withTenant(actor.companyId, async (tx) => {
      const { rows, count } = await this.contacts.page(tx, actor.companyId, filter, query.pageNumber);
      return {
        contacts: await this.views.many(tx, actor.companyId, rows),
        count,
        hasMore: hasMore(query.pageNumber, PAGE_SIZES.contacts, rows.length, count),
      };
    });
  }

  list(actor: Actor, query: ContactsListQueryDto): Promise<ContactView[]> {
    return this.database.withTenant(actor.companyId, async (tx) =>
      this.views.many(tx, actor.companyId, await this.contacts.list(tx, actor.companyId, query.name)),
    );
  }

  /** The names of those of the company's contacts (for lists of other services: schedules). */
  names(actor: Actor, ids: number[]): Promise<Array<Pick<ContactView, 'id' | 'name'>>> {
    return this.database.withTenant(actor.companyId, async (tx) =>
      (await this.contacts.findByIds(tx, actor.companyId, ids)).map(({ id, name }) => ({ id, name })),
    );
  }

  show(actor: Actor, id: number): Promise<ContactView> {
    return this.database.withTenant(actor.companyId, async (tx) => {
      const row = await this.contacts.findById(tx, actor.companyId, id);
      if (!row) throw new AppError(ErrorCode.ERR_NO_CONTACT_FOUND);
      return this.views.one(tx, actor.companyId, row);
    });
  }

  async create(actor: Actor, dto: ContactDto): Promise<ContactView> {
    await this.assertNumberFree(actor, dto.number);
    const number = await this.numbers.check(actor, dto.number);
    const view = await this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        const row = await this.contacts.insert(tx, {
          companyId: actor.companyId,
          name: dto.name,
          number,
          email: dto.email ?? '',
          extraInfo: dto.extraInfo ?? [],
        });
        return this.views.one(tx, actor.companyId, row);
      }),
    );
    this.events.contactSaved('create', view);
    return view;
  }

  async update(actor: Actor, id: number, dto: UpdateContactDto): Promise<ContactView> {
    const current = await this.show(actor, id);
    let number: string | undefined;
    if (dto.number !== undefined && dto.number !== current.number) {
      await this.assertNumberFree(actor, dto.number, id);
      number = await this.numbers.check(actor, dto.number);
    }
    const view = await this.saving(() =>
      this.database.withTenant(actor.companyId, async (tx) => {
        const row = await this.contacts.update(tx, actor.companyId, id, {
          ...(dto.name !== undefined && { name: dto.name }),
          ...(number !== undefined && { number }),
          ...(dto.email !== undefined && { email: dto.email }),
          ...(dto.extraInfo !== undefined && { extraInfo: dto.extraInfo }),
        });
        if (!row) throw new AppError(ErrorCode.ERR_NO_CONTACT_FOUND);
        return this.views.one(tx, actor.companyId, row);
      }),
    );
    this.events.contactSaved('update', view);
    return view;
  }

  /**
   * Deletes the contact with its tickets, messages and notes (admins only). The contact's row,
   * then its tickets' rows, are locked first (the order inbound messages take them in), so no
   * ticket or message joins them unseen; after the commit the tickets' viewers are told and the
   * messages' stored files that no other message carries are removed.
   */
  async delete(actor: Actor, id: number): Promise<{ message: string }> {
    requireAdmin(actor);
    const { companyId } = actor;
    const { tickets, media } = await this.database.withTenant(companyId, async (tx) => {
      if (!(await this.contacts.lockById(tx, companyId, id))) throw new AppError(ErrorCode.ERR_NO_CONTACT_FOUND);
      const ofContact = await this.contacts.lockTicketsOf(tx, companyId, id);
      const files = await this.mediaReferences.ofMessages(tx, companyId, { contactId: id });
      await this.contacts.delete(tx, companyId, id);
      return { tickets: ofContact, media: files };
    });
    for (const ticket of tickets) this.events.ticketDeleted(companyId, ticket.id, scopeOf(ticket));
    this.events.contactDeleted(companyId, id);
    await this.media.removeUnreferenced(companyId, media);
    return { message: 'Contact deleted' };
  }

  private async assertNumberFree(actor: Actor, number: string, exceptId?: number): Promise<void> {
    const existing = await this.database.withTenant(actor.companyId, (tx) => this.contacts.findByNumber(tx, actor.companyId, number));
    if (existing && existing.id !== exceptId) throw new AppError(ErrorCode.ERR_DUPLICATED_CONTACT);
  }

  /** Two saves of one number at once: the unique index decides. */
  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, CONTACT_NUMBER_UNIQUE)) throw new AppError(ErrorCode.ERR_DUPLICATED_CONTACT);
      throw error;
    }
  }
}
