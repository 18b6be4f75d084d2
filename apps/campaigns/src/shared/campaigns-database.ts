import type { Database, Tx } from '@atrium/database';
import type { CampaignsSchema } from '../db/schema.js';

/** The campaigns service's connection (inject with the DATABASE token of @atrium/service-kit). */
export type CampaignsDatabase = Database<CampaignsSchema>;
export type CampaignsTx = Tx<CampaignsSchema>;
