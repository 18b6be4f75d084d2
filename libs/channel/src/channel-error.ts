/** Why a driver command failed; the sessions service maps each to the spec's error code. */
export type ChannelErrorReason =
  /** The session is not connected (ERR_WAPP_NOT_INITIALIZED). */
  | 'not-connected'
  /** The recipient is not on WhatsApp (ERR_WAPP_INVALID_CONTACT). */
  | 'invalid-number'
  /** The message to edit, delete or quote is unknown or too old (ERR_FETCH_WAPP_MSG). */
  | 'message-not-found'
  /** Cloud API: outside the 24-hour customer-service window only templates go (Meta's 131047; ERR_WAPP_WINDOW_CLOSED). */
  | 'window-closed'
  /**
   * Cloud API: Meta kept answering its rate limits (130429 for the number, 131056 for the pair)
   * past the pacer's retries; Meta accepted nothing, so the message may be sent again later (ERR_WAPP_RATE_LIMITED).
   */
  | 'throttled'
  /** Anything else the network refused (ERR_SENDING_WAPP_MSG). */
  | 'failed';

export class ChannelError extends Error {
  constructor(
    readonly reason: ChannelErrorReason,
    message: string = reason,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}
