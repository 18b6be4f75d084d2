import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/** Cache tags that live events and mutations invalidate. */
export const TAGS = [
  'Me',
  'Version',
  'Users',
  'Settings',
  'Companies',
  'Company',
  'Plans',
  'Helps',
  'Announcements',
  'Queues',
  'Connections',
  'Tickets',
  'Chats',
  'ChatMessages',
  'Messages',
  'Contacts',
  'Tags',
  'QuickMessages',
  'TicketNotes',
  'QueueOptions',
  'Invoices',
  'AuditLogs',
  'Prompts',
  'ContactLists',
  'ContactListItems',
  'FileLists',
  'QueueIntegrations',
  'Campaigns',
  'CampaignSettings',
  'CampaignShippings',
  'Schedules',
  'Flows',
  'Templates',
  'CustomerWindow',
  'Permissions',
] as const;

/** The one RTK Query API of the app; each feature injects its endpoints (features/<name>/api). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** A page of a list endpoint as the API answers it; the records key differs per endpoint. */
export interface PageArgs {
  searchParam: string;
}
