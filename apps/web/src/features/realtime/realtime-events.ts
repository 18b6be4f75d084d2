/** Socket event names the gateway emits (spec 000 section 7); payloads as the API sends them. */
export const socketEvents = {
  auth: (companyId: number) => `company-${companyId}-auth`,
  user: (companyId: number) => `company-${companyId}-user`,
  settings: (companyId: number) => `company-${companyId}-settings`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  quickMessage: (companyId: number) => `company-${companyId}-quickemessage`,
  announcement: () => 'company-announcement',
} as const;

export interface AuthEvent {
  action: string;
  user?: { id?: number };
}

export interface UserEvent {
  action: 'create' | 'update' | 'delete' | string;
  user?: { id?: number };
  userId?: number;
}
