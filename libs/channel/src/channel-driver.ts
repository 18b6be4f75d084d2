import type { ChannelContact, ChatPresence, CheckNumberResult, NumberCheck, SentMessageResult, WhatsappProvider } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import type { AuthStateStore } from './auth-state.js';
import type { ChannelListener } from './channel-events.js';

/** A file to send, already read from object storage. */
export interface OutgoingMedia {
  data: Buffer;
  mimetype: string;
  filename: string;
  /** Send audio as a voice note (push-to-talk). */
  voiceNote?: boolean;
}

export interface OutgoingLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

/** A choice of options (a chatbot's queue menu or option tree): interactive buttons or a list where the network has them. */
export interface OutgoingMenu {
  body: string;
  /** Label of the button that opens a list (at most 20 characters at Meta). */
  buttonText?: string;
  footer?: string;
  /** Each option's id comes back as the reply's body when the customer picks it. */
  options: Array<{ id: string; title: string; description?: string }>;
  /** The menu as a text (as the conversation shows it): what goes instead where the menu cannot go interactive. */
  text?: string;
}

/** An approved message template (Cloud API) with its parameters, as Meta's `template` object takes them. */
export interface OutgoingTemplate {
  name: string;
  /** Language code, e.g. `pt_BR`. */
  language: string;
  /** Meta's components with their parameters (header, body, button). */
  components?: Array<Record<string, unknown>>;
}

export interface SendOptions {
  /** Reply to this message. */
  quotedId?: string;
  /** The id the message gets (Baileys' `messageId`): sent again with the same id, it is the same message, not a second one. */
  messageId?: string;
}

/**
 * One WhatsApp connection as a driver runs it. `to` is a chat id as inbound messages carry it:
 * a number, `<lid>@lid` or `<group>@g.us`. Commands fail with ChannelError.
 */
export interface ChannelSession {
  /** Begins connecting (QR code, pairing code or stored auth state); state changes follow on the listener. */
  start(): Promise<void>;
  /** Closes the connection and keeps the auth state (shutdown, or handing the session to another replica). */
  stop(): Promise<void>;
  /** Unlinks the device at WhatsApp, clears the auth state and stops. */
  logout(): Promise<void>;

  sendText(to: string, body: string, options?: SendOptions): Promise<SentMessageResult>;
  sendMedia(to: string, media: OutgoingMedia, options?: SendOptions & { caption?: string }): Promise<SentMessageResult>;
  sendLocation(to: string, location: OutgoingLocation, options?: SendOptions): Promise<SentMessageResult>;
  sendVcard(to: string, vcard: string, options?: SendOptions): Promise<SentMessageResult>;
  /** Edits a message the business sent. */
  editMessage(to: string, messageId: string, body: string): Promise<SentMessageResult>;
  /** Deletes a message the business sent, for everyone. */
  deleteMessage(to: string, messageId: string): Promise<void>;
  markRead(to: string, messageIds: readonly string[]): Promise<void>;
  checkNumber(number: string): Promise<CheckNumberResult>;
  /** Many numbers in one round trip to WhatsApp (at most CHECK_NUMBERS_LIMIT), answered in the order asked. */
  checkNumbers(numbers: readonly string[]): Promise<NumberCheck[]>;
  /** URL of the chat's profile picture, or null when it has none or hides it. */
  profilePicture(chatId: string): Promise<string | null>;
  rejectCall(callId: string, from: string): Promise<void>;
  /** Shows the customer the business "typing…" (composing) or "recording…", or stops it (paused). */
  sendPresence(to: string, presence: ChatPresence): Promise<void>;
  /** The phone's address book as the channel knows it (at most CONTACT_LIST_LIMIT entries). */
  listContacts(): Promise<ChannelContact[]>;

  // What only some networks have; a driver without them leaves them out (the sessions service falls back or refuses).
  /** Reacts to a message with an emoji ('' removes the reaction). */
  sendReaction?(to: string, messageId: string, emoji: string): Promise<SentMessageResult>;
  /** Options as interactive buttons (up to 3) or a list (up to 10); more than 10 are not a menu (the caller sends text). */
  sendMenu?(to: string, menu: OutgoingMenu, options?: SendOptions): Promise<SentMessageResult>;
  /** An approved template: what a Cloud API number may send outside the customer-service window. */
  sendTemplate?(to: string, template: OutgoingTemplate, options?: SendOptions): Promise<SentMessageResult>;
}

/** Most options a menu shows as an interactive list; beyond, the menu goes as text. */
export const MENU_MAX_OPTIONS = 10;

export interface ChannelSessionOptions {
  /** Stable, unique name of the connection (e.g. `atrium-<companyId>-<whatsappId>`). */
  sessionName: string;
  auth: AuthStateStore;
  listener: ChannelListener;
  logger: Logger;
  /** Pair by a code typed on this phone (digits with country code) instead of a QR code. */
  pairingPhoneNumber?: string;
  /**
   * Longest one connection attempt may go without a QR code, a pairing code or a connection; it
   * is then abandoned and retried after the backoff (reported as `reconnecting`, cause `timeout`).
   * Unset: only the driver's own timeouts apply.
   */
  attemptTimeoutMs?: number;
  /** The connection the session runs (drivers that read its account, e.g. the Cloud API's credentials). */
  connection?: { companyId: number; whatsappId: number };
}

/**
 * The channel-driver contract (ARCHITECTURE rule 9): `baileys` (provider `beta`), `sandbox` and
 * later `cloud` implement it; only apps/sessions sees it.
 */
export interface ChannelDriver {
  readonly provider: WhatsappProvider;
  createSession(options: ChannelSessionOptions): ChannelSession;
}
