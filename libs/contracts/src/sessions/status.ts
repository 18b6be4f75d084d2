/**
 * Connection status (spec 001 section 4): `qrcode` while a QR code waits to be scanned,
 * `PAIRING` while a phone pairs (QR scanned or pairing code shown), `OPENING` while connecting,
 * `CONNECTED`, `DISCONNECTED` (logged out: try again or new QR) and `TIMEOUT` (no QR scanned in time).
 */
export const WHATSAPP_STATUSES = ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number];

/**
 * Why a session is not connected, shown beside DISCONNECTED, TIMEOUT or OPENING (web texts
 * `connections.reasons.<reason>`): an attempt without an answer in time (`timeout`), a network
 * that refused it (`unreachable`), an open connection that dropped (`connection-lost`), QR codes
 * nobody scanned (`qr-not-scanned`), the phone unlinked the device (`logged-out`), another client
 * opened the session (`replaced`), or no driver runs the connection's provider here
 * (`provider-unavailable`), Meta's Cloud API said the access token expired or was revoked
 * (`cloud-token-expired`, Graph error 190) or refused the number otherwise (`cloud-refused`, its
 * message in the connection's `cloud.error`). Null when connected, or stopped on request.
 */
export const SESSION_STATUS_REASONS = [
  'timeout',
  'unreachable',
  'connection-lost',
  'qr-not-scanned',
  'logged-out',
  'replaced',
  'provider-unavailable',
  'cloud-token-expired',
  'cloud-refused',
] as const;
export type SessionStatusReason = (typeof SESSION_STATUS_REASONS)[number];

/** Statuses that put the '!' badge on the drawer's Connections item (spec 000 section 2). */
export const ATTENTION_STATUSES: readonly WhatsappStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** The drawer shows its badge only after this delay (spec 000 section 9). */
export const CONNECTION_BADGE_DELAY_MS = 2000;

export function needsAttention(connections: ReadonlyArray<{ status: WhatsappStatus }>): boolean {
  return connections.some((connection) => ATTENTION_STATUSES.includes(connection.status));
}

/**
 * Channel providers of the connection form: `beta` is WhatsApp Web multi-device (Baileys, the
 * default), `sandbox` the simulated network of apps/wa-sandbox, `cloud` Meta's official WhatsApp
 * Cloud API (Graph API over HTTP, inbound by signed webhooks; issue 26).
 */
export const WHATSAPP_PROVIDERS = ['beta', 'sandbox', 'cloud'] as const;
export type WhatsappProvider = (typeof WHATSAPP_PROVIDERS)[number];

/** Connection defaults (spec 000 section 9). */
export const CONNECTION_DEFAULTS = {
  provider: 'beta',
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
} as const satisfies { provider: WhatsappProvider; expiresTicket: number; timeUseBotQueues: number; maxUseBotQueues: number };
