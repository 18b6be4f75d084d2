import type { ChatPresence } from '@atrium/contracts';

/**
 * The websocket protocol between apps/wa-sandbox (the simulated WhatsApp network) and the
 * `sandbox` channel driver of apps/sessions: JSON text frames, one message each.
 *
 * 1. The driver sends `hello` with its session name and, once paired, its device credentials.
 * 2. Unpaired: the sandbox sends `qr` frames (a new one every interval) until `POST /scan` pairs
 *    the session (or a `pairing-code` is requested and scanned); then `paired` with the device
 *    credentials the driver stores, then `connected`.
 * 3. Paired: `connected`, then every `event` not yet confirmed, oldest first. The driver
 *    confirms each with `received` once it is durable; unconfirmed events come again on the next
 *    connection (offline delivery and redelivery after a crash).
 * 4. Commands are `request` frames answered by a `response` with the same `rid`.
 * 5. `logged-out` (the phone unlinked the device) and `replaced` (another connection opened the
 *    same device) precede the sandbox closing the socket; the driver must not reconnect then.
 */

export interface SandboxDevice {
  id: string;
  secret: string;
}

export interface SandboxMediaPayload {
  mimetype: string;
  filename: string;
  /** The file, base64-encoded. */
  base64: string;
}

export interface SandboxLocationPayload {
  latitude: number;
  longitude: number;
  description?: string;
}

export interface SandboxContactRef {
  number: string;
  name: string | null;
}

/** Who wrote a message: by number, or by lid when WhatsApp addressed it so (number null then). */
export interface SandboxSender {
  number: string | null;
  lid?: string | null;
  name: string | null;
}

export interface SandboxInboundMessage {
  id: string;
  /** The customer's number, or `<lid>@lid` when WhatsApp addressed the message by lid: the chat id. */
  chatId: string;
  from: SandboxSender;
  body: string;
  media: SandboxMediaPayload | null;
  location: SandboxLocationPayload | null;
  vcard: string | null;
  quotedId: string | null;
  timestamp: number;
}

export type SandboxEvent =
  | { type: 'message'; message: SandboxInboundMessage }
  | { type: 'ack'; messageId: string; chatId: string; ack: number }
  | { type: 'edit'; messageId: string; chatId: string; body: string; editedAt: number }
  | { type: 'revoke'; messageId: string; chatId: string }
  | { type: 'call'; call: { id: string; from: SandboxContactRef; isVideo: boolean; timestamp: number } }
  /** The network tells which number a lid stands for (as WhatsApp's lid-mapping updates do); not a message. */
  | { type: 'lid-mapping'; lid: string; number: string };

/** What a business sends. Exactly one of text, media, location and vcard. */
export interface SandboxOutgoingContent {
  text?: string;
  media?: SandboxMediaPayload & { voiceNote?: boolean };
  caption?: string;
  location?: SandboxLocationPayload & { name?: string; address?: string };
  vcard?: string;
}

export type SandboxRequest =
  | { op: 'send'; to: string; content: SandboxOutgoingContent; quotedId?: string; messageId?: string }
  | { op: 'edit'; to: string; messageId: string; body: string }
  | { op: 'delete'; to: string; messageId: string }
  | { op: 'read'; to: string; messageIds: string[] }
  | { op: 'check'; number: string }
  /** Many numbers at once, like Baileys' `onWhatsApp(...jids)`: answers `{ results: [{ number, exists, chatId }] }`. */
  | { op: 'check-many'; numbers: string[] }
  | { op: 'picture'; chatId: string }
  | { op: 'reject-call'; callId: string }
  /** "typing…" / "recording…" shown to the customer, like Baileys' `sendPresenceUpdate`. */
  | { op: 'presence'; to: string; presence: ChatPresence }
  | { op: 'contacts' }
  | { op: 'logout' };

export type SandboxErrorReason = 'not-connected' | 'invalid-number' | 'message-not-found' | 'failed';

export type SandboxClientFrame =
  | { t: 'hello'; session: string; device?: SandboxDevice }
  | { t: 'pairing-code'; phoneNumber: string }
  | { t: 'received'; ids: string[] }
  | ({ t: 'request'; rid: number } & SandboxRequest);

export type SandboxServerFrame =
  | { t: 'qr'; qr: string }
  | { t: 'pairing-code'; code: string }
  | { t: 'paired'; number: string; device: SandboxDevice }
  | { t: 'connected'; number: string }
  | { t: 'event'; id: string; event: SandboxEvent }
  | { t: 'response'; rid: number; ok: true; result: unknown }
  | { t: 'response'; rid: number; ok: false; error: SandboxErrorReason; message: string }
  | { t: 'logged-out' }
  | { t: 'replaced' };
