import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { GraphPhoneNumber } from '@atrium/channel';
import { DATABASE } from '@atrium/service-kit';
import { whatsapps } from '../db/schema.js';
import type { SessionsDatabase } from '../shared/sessions-database.js';
import type { NewWhatsapp, WhatsappRow } from '../shared/whatsapp.view.js';

export type CloudAccountPatch = Pick<
  Partial<NewWhatsapp>,
  'cloudDisplayPhoneNumber' | 'cloudVerifiedName' | 'cloudQualityRating' | 'cloudMessagingLimitTier' | 'cloudError'
>;

/** The number's details as Meta reported them (GET /{phone-number-id}), as columns; a working account has no error. */
export function phoneDetails(phone: GraphPhoneNumber): CloudAccountPatch {
  return {
    cloudDisplayPhoneNumber: phone.display_phone_number?.slice(0, 40) ?? null,
    cloudVerifiedName: phone.verified_name?.slice(0, 200) ?? null,
    cloudQualityRating: phone.quality_rating?.slice(0, 20) ?? null,
    cloudMessagingLimitTier: phone.messaging_limit_tier?.slice(0, 40) ?? null,
    cloudError: null,
  };
}

/**
 * The Cloud API connections as the channel reads them outside a user's request: by the phone
 * number id a webhook names (across companies: Meta does not say whose it is), by the verify
 * token of the handshake, and the number's details Meta reports.
 */
@Injectable()
export class CloudAccountsRepository {
  constructor(@Inject(DATABASE) private readonly database: SessionsDatabase) {}

  async byPhoneNumberId(phoneNumberId: string): Promise<WhatsappRow | undefined> {
    const [row] = await this.database.asSystem((tx) =>
      tx
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.cloudPhoneNumberId, phoneNumberId), eq(whatsapps.provider, 'cloud'))),
    );
    return row;
  }

  async byVerifyToken(verifyToken: string): Promise<WhatsappRow | undefined> {
    const [row] = await this.database.asSystem((tx) =>
      tx
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.cloudVerifyToken, verifyToken), eq(whatsapps.provider, 'cloud'))),
    );
    return row;
  }

  /** The connections of a WhatsApp Business Account (webhooks of the account's fields name it, not a number). */
  byWabaId(wabaId: string): Promise<WhatsappRow[]> {
    return this.database.asSystem((tx) =>
      tx
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.cloudWabaId, wabaId), eq(whatsapps.provider, 'cloud'))),
    );
  }

  async find(companyId: number, whatsappId: number): Promise<WhatsappRow | undefined> {
    const [row] = await this.database.withTenant(companyId, (tx) =>
      tx
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId))),
    );
    return row;
  }

  /** Another company's (or connection's) use of the number, if any. */
  async phoneNumberTaken(phoneNumberId: string, exceptWhatsappId?: number): Promise<boolean> {
    const [row] = await this.database.asSystem((tx) =>
      tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.cloudPhoneNumberId, phoneNumberId)),
    );
    return row !== undefined && row.id !== exceptWhatsappId;
  }

  async record(companyId: number, whatsappId: number, patch: CloudAccountPatch): Promise<WhatsappRow | undefined> {
    const [row] = await this.database.withTenant(companyId, (tx) =>
      tx
        .update(whatsapps)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)))
        .returning(),
    );
    return row;
  }
}
