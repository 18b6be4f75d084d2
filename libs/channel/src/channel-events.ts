import type { ChannelMessage, InboundEventData } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';

/** An attachment as a driver received it: downloaded only when the sessions service stores it. */
export interface DriverMedia {
  mimetype: string;
  filename: string;
  /** Bytes announced by the network, when known. */
  size: number | null;
  download(): Promise<Buffer>;
}

/** A normalised message (libs/contracts ChannelMessage) whose media is not stored yet. */
export interface DriverInboundMessage extends Omit<ChannelMessage, 'media'> {
  media: DriverMedia | null;
}

/** What a driver reports as received: a message, ack change, edit, revoke or call. */
export type DriverInboundEvent = Exclude<InboundEventData, { type: 'message' }> | { type: 'message'; message: DriverInboundMessage };

/**
 * Why a connection attempt ended without a QR code or a connection: `timeout` (no answer within
 * the attempt's bound), `unreachable` (the network refused or closed before anything was shown),
 * `connection-lost` (an open connection dropped).
 */
export const CONNECTION_FAILURES = ['timeout', 'unreachable', 'connection-lost'] as const;
export type ConnectionFailure = (typeof CONNECTION_FAILURES)[number];

/**
 * The connection state a driver reports. The sessions service maps it to the spec's statuses
 * (connecting/reconnecting → OPENING, qr → qrcode, pairingCode/pairing → PAIRING,
 * connected → CONNECTED, loggedOut → DISCONNECTED) and counts QR codes for TIMEOUT.
 */
export type ChannelState =
  | { state: 'connecting' }
  /** A new QR code to scan (each replaces the previous one). */
  | { state: 'qr'; qr: string }
  /** A code to type on the phone (pairing by phone number). */
  | { state: 'pairingCode'; code: string }
  /** The phone accepted the QR code or pairing code; the session is finishing the handshake. */
  | { state: 'pairing' }
  | { state: 'connected'; number: string }
  /**
   * The connection dropped or an attempt failed; the driver retries by itself after delayMs.
   * `cause` says why in words the user is shown (ConnectionFailure), `reason` is the detail for logs.
   */
  | { state: 'reconnecting'; attempt: number; delayMs: number; reason: string; cause: ConnectionFailure }
  /** The phone unlinked the device: the auth state is cleared and the driver stopped. */
  | { state: 'loggedOut' }
  /** Another client opened the same session (e.g. a replica that took it over): the driver stopped. */
  | { state: 'replaced' }
  /**
   * The network refused the account for good (Cloud API: token expired or revoked, number
   * deregistered): DISCONNECTED with the reason, no automatic retry until the account is saved again.
   */
  | { state: 'refused'; reason: 'cloud-token-expired' | 'cloud-refused'; detail: string }
  /** stop() or logout() finished. */
  | { state: 'closed' };

/** What the sessions service hears from one session. */
export interface ChannelListener {
  onState(state: ChannelState): void | Promise<void>;
  /**
   * Called for everything received, in order. Resolves once the event is durable (published on
   * the inbound stream); where the network allows, the driver confirms receipt only then, so a
   * crash before that makes the network deliver it again.
   */
  onInbound(event: DriverInboundEvent): Promise<void>;
}

/** Tells the listener of a state change without waiting for it; a failure is logged, never thrown into the driver. */
export function reportState(listener: ChannelListener, state: ChannelState, logger: Logger): void {
  Promise.resolve(listener.onState(state)).catch((error: unknown) =>
    logger.warn({ err: error, state: state.state }, 'session state not handled'),
  );
}
