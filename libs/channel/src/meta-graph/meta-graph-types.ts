/**
 * The parts of Meta's WhatsApp Cloud API (Graph API) the channel uses, as Meta documents them:
 * phone numbers, messages, media, message templates, and the `whatsapp_business_account` webhook.
 */

/** GET /{phone-number-id}?fields=… */
export interface GraphPhoneNumber {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
  messaging_limit_tier?: string;
  code_verification_status?: string;
  name_status?: string;
  platform_type?: string;
  throughput?: { level?: string };
}

export const PHONE_NUMBER_FIELDS =
  'display_phone_number,verified_name,quality_rating,messaging_limit_tier,code_verification_status,platform_type,throughput';

/** POST /{phone-number-id}/messages answer. */
export interface GraphSendResult {
  messaging_product: 'whatsapp';
  contacts?: Array<{ input: string; wa_id: string }>;
  messages: Array<{ id: string; message_status?: string }>;
}

export interface GraphMediaRef {
  id?: string;
  link?: string;
  caption?: string;
  filename?: string;
}

export interface GraphInteractiveRow {
  id: string;
  title: string;
  description?: string;
}

export interface GraphInteractive {
  type: 'button' | 'list';
  header?: { type: 'text'; text: string };
  body: { text: string };
  footer?: { text: string };
  action:
    | { buttons: Array<{ type: 'reply'; reply: { id: string; title: string } }> }
    | { button: string; sections: Array<{ title?: string; rows: GraphInteractiveRow[] }> };
}

export interface GraphContactCard {
  name: { formatted_name: string; first_name?: string; last_name?: string };
  phones?: Array<{ phone: string; type?: string; wa_id?: string }>;
  emails?: Array<{ email: string; type?: string }>;
  org?: { company?: string };
}

/** A template's parameters as POST messages takes them (`type: template`). */
export interface GraphTemplateMessage {
  name: string;
  language: { code: string; policy?: 'deterministic' };
  components?: Array<{
    type: 'header' | 'body' | 'button' | 'footer';
    sub_type?: string;
    index?: string | number;
    parameters?: Array<Record<string, unknown>>;
  }>;
}

/** The body of POST /{phone-number-id}/messages. */
export type GraphOutgoingMessage = {
  messaging_product: 'whatsapp';
  recipient_type?: 'individual';
  to: string;
  context?: { message_id: string };
} & (
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | { type: 'image'; image: GraphMediaRef }
  | { type: 'audio'; audio: GraphMediaRef }
  | { type: 'video'; video: GraphMediaRef }
  | { type: 'document'; document: GraphMediaRef }
  | { type: 'sticker'; sticker: GraphMediaRef }
  | { type: 'location'; location: { latitude: number; longitude: number; name?: string; address?: string } }
  | { type: 'contacts'; contacts: GraphContactCard[] }
  | { type: 'reaction'; reaction: { message_id: string; emoji: string } }
  | { type: 'interactive'; interactive: GraphInteractive }
  | { type: 'template'; template: GraphTemplateMessage }
);

/** GET /{media-id} answer. */
export interface GraphMediaInfo {
  id: string;
  url: string;
  mime_type: string;
  sha256?: string;
  file_size?: number | string;
  messaging_product?: 'whatsapp';
}

/** The fields GET /{waba-id}/message_templates is asked for (the quality score is not among Meta's defaults). */
export const TEMPLATE_FIELDS = 'id,name,language,status,category,components,quality_score,rejected_reason';

/** GET /{waba-id}/message_templates entry. */
export interface GraphMessageTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  quality_score?: { score?: string };
  components?: Array<Record<string, unknown>>;
  rejected_reason?: string;
}

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

// ---- webhook (object `whatsapp_business_account`) ------------------------------------------

export interface WebhookMedia {
  id: string;
  mime_type?: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  voice?: boolean;
  animated?: boolean;
}

export interface WebhookContactCard {
  name?: { formatted_name?: string; first_name?: string; last_name?: string };
  phones?: Array<{ phone?: string; wa_id?: string; type?: string }>;
  emails?: Array<{ email?: string; type?: string }>;
  org?: { company?: string };
}

export interface WebhookError {
  code: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
}

export interface WebhookMessage {
  from: string;
  id: string;
  timestamp: string;
  type: string;
  context?: { from?: string; id?: string; forwarded?: boolean };
  text?: { body: string };
  image?: WebhookMedia;
  audio?: WebhookMedia;
  video?: WebhookMedia;
  document?: WebhookMedia;
  sticker?: WebhookMedia;
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  contacts?: WebhookContactCard[];
  reaction?: { message_id: string; emoji?: string };
  interactive?: {
    type: 'button_reply' | 'list_reply' | string;
    button_reply?: { id: string; title: string };
    list_reply?: { id: string; title: string; description?: string };
  };
  button?: { payload?: string; text: string };
  errors?: WebhookError[];
}

export interface WebhookStatus {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | 'deleted' | string;
  timestamp: string;
  recipient_id: string;
  errors?: WebhookError[];
}

/** `entry[].changes[].value` of field `messages`. */
export interface WebhookMessagesValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number?: string; phone_number_id: string };
  contacts?: Array<{ profile?: { name?: string }; wa_id: string }>;
  messages?: WebhookMessage[];
  statuses?: WebhookStatus[];
  errors?: WebhookError[];
}

export interface WebhookChange {
  field: string;
  value: Record<string, unknown>;
}

export interface WebhookPayload {
  object: string;
  entry?: Array<{ id: string; changes?: WebhookChange[] }>;
}
