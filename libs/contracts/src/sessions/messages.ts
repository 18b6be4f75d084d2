/**
 * WhatsApp messages as every channel driver normalises them (issue 4): what the sessions
 * service publishes on the inbound stream and what other services send through it. Nothing
 * here depends on which driver (Baileys, wa-sandbox, Cloud API) carried the message.
 */

/**
 * Delivery state of a message the business sent (spec 000 section 3):
 * 0 pending, 1 sent (the network has it), 2 received (on the customer's phone), 3 read, 4 played.
 * -1: the network refused it.
 */
export const MessageAck = { FAILED: -1, PENDING: 0, SENT: 1, RECEIVED: 2, READ: 3, PLAYED: 4 } as const;
export type MessageAck = (typeof MessageAck)[keyof typeof MessageAck];

/** The spec's message media types (spec 000 section 3), plus `chat` for plain text. */
export const MESSAGE_MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'application', 'locationMessage', 'vcard', 'call_log'] as const;
export type MessageMediaType = (typeof MESSAGE_MEDIA_TYPES)[number];

/**
 * Who a message is from or to. WhatsApp identifies a person by phone number or by an opaque
 * `lid`, and switches between them; a contact keeps both so it is never duplicated. At least
 * one of number and lid is set.
 */
export interface ChannelContact {
  /** Digits only, with country code, e.g. '5511987654321'. */
  number: string | null;
  /** WhatsApp's linked-identity id (digits), when the network used or revealed one. */
  lid: string | null;
  /** The name the person gave WhatsApp (push name), if known. */
  name: string | null;
}

/**
 * A chat: a person (id = their number, or `<lid>@lid` when the number is hidden) or a group
 * (id = `<group id>@g.us`). Replies go to `chatId`.
 */
export interface ChannelChat {
  id: string;
  isGroup: boolean;
  /** Group subject, when known. */
  name: string | null;
}

/** An attachment, already stored in object storage by the sessions service. */
export interface ChannelMedia {
  /** Object-storage key (libs/storage). */
  path: string;
  mimetype: string;
  filename: string;
  size: number;
}

/** A shared location; the ticket body is `image|link|description` (spec 000 section 3). */
export interface ChannelLocation {
  latitude: number;
  longitude: number;
  /** A map thumbnail as a data URL, or '' when the network sent none. */
  image: string;
  /** A maps link to the place. */
  link: string;
  description: string;
}

export interface ChannelCallLog {
  isVideo: boolean;
  /** offer: ringing now; missed/rejected/accepted once it ended. */
  status: 'offer' | 'missed' | 'rejected' | 'accepted';
}

/** One message, normalised once by the driver that received it. */
export interface ChannelMessage {
  /** The channel's message id: unique per connection, the de-duplication key downstream. */
  id: string;
  chat: ChannelChat;
  /** The customer who wrote (in groups, the participant). For fromMe messages: the business. */
  from: ChannelContact;
  /** Written by the business on the phone itself, not through Atrium. */
  fromMe: boolean;
  mediaType: MessageMediaType;
  /** Text, caption, or the spec's body for locations (`image|link|description`) and vcards. */
  body: string;
  media: ChannelMedia | null;
  /** Id of the message this one replies to. */
  quotedId: string | null;
  location: ChannelLocation | null;
  /** vCard texts of shared contacts. */
  vcards: string[];
  callLog: ChannelCallLog | null;
  /** When the customer sent it (epoch ms). */
  timestamp: number;
}

/** An incoming voice or video call. */
export interface ChannelCall {
  id: string;
  chatId: string;
  from: ChannelContact;
  isVideo: boolean;
  status: ChannelCallLog['status'];
  timestamp: number;
}
