/**
 * Every error the platform reports, as the `error` field of `{ "error": CODE }`.
 * The first block is the specification's catalogue (spec 000 section 8); the second holds
 * codes this implementation adds where the spec is silent. The web app translates each one.
 */
export enum ErrorCode {
  // spec 000 section 8
  ERR_NO_OTHER_WHATSAPP = 'ERR_NO_OTHER_WHATSAPP',
  ERR_NO_DEF_WAPP_FOUND = 'ERR_NO_DEF_WAPP_FOUND',
  ERR_WAPP_NOT_INITIALIZED = 'ERR_WAPP_NOT_INITIALIZED',
  ERR_WAPP_CHECK_CONTACT = 'ERR_WAPP_CHECK_CONTACT',
  ERR_WAPP_INVALID_CONTACT = 'ERR_WAPP_INVALID_CONTACT',
  ERR_WAPP_DOWNLOAD_MEDIA = 'ERR_WAPP_DOWNLOAD_MEDIA',
  ERR_INVALID_CREDENTIALS = 'ERR_INVALID_CREDENTIALS',
  ERR_SENDING_WAPP_MSG = 'ERR_SENDING_WAPP_MSG',
  ERR_DELETE_WAPP_MSG = 'ERR_DELETE_WAPP_MSG',
  ERR_OTHER_OPEN_TICKET = 'ERR_OTHER_OPEN_TICKET',
  ERR_SESSION_EXPIRED = 'ERR_SESSION_EXPIRED',
  ERR_USER_CREATION_DISABLED = 'ERR_USER_CREATION_DISABLED',
  ERR_NO_PERMISSION = 'ERR_NO_PERMISSION',
  ERR_DUPLICATED_CONTACT = 'ERR_DUPLICATED_CONTACT',
  ERR_NO_SETTING_FOUND = 'ERR_NO_SETTING_FOUND',
  ERR_NO_CONTACT_FOUND = 'ERR_NO_CONTACT_FOUND',
  ERR_NO_TICKET_FOUND = 'ERR_NO_TICKET_FOUND',
  ERR_NO_USER_FOUND = 'ERR_NO_USER_FOUND',
  ERR_NO_WAPP_FOUND = 'ERR_NO_WAPP_FOUND',
  ERR_CREATING_MESSAGE = 'ERR_CREATING_MESSAGE',
  ERR_CREATING_TICKET = 'ERR_CREATING_TICKET',
  ERR_FETCH_WAPP_MSG = 'ERR_FETCH_WAPP_MSG',
  ERR_QUEUE_COLOR_ALREADY_EXISTS = 'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  ERR_WAPP_GREETING_REQUIRED = 'ERR_WAPP_GREETING_REQUIRED',

  // added by Atrium where the spec names no code
  ERR_VALIDATION = 'ERR_VALIDATION',
  ERR_NOT_FOUND = 'ERR_NOT_FOUND',
  ERR_INTERNAL = 'ERR_INTERNAL',
  ERR_SERVICE_UNAVAILABLE = 'ERR_SERVICE_UNAVAILABLE',
  ERR_SUBSCRIPTION_EXPIRED = 'ERR_SUBSCRIPTION_EXPIRED',
  ERR_COMPANY_INACTIVE = 'ERR_COMPANY_INACTIVE',
  ERR_TOO_MANY_ATTEMPTS = 'ERR_TOO_MANY_ATTEMPTS',
  ERR_PLAN_FEATURE_DISABLED = 'ERR_PLAN_FEATURE_DISABLED',
  ERR_USER_LIMIT_REACHED = 'ERR_USER_LIMIT_REACHED',
  ERR_CONNECTION_LIMIT_REACHED = 'ERR_CONNECTION_LIMIT_REACHED',
  ERR_QUEUE_LIMIT_REACHED = 'ERR_QUEUE_LIMIT_REACHED',
  ERR_EMAIL_ALREADY_EXISTS = 'ERR_EMAIL_ALREADY_EXISTS',
  ERR_COMPANY_NAME_ALREADY_EXISTS = 'ERR_COMPANY_NAME_ALREADY_EXISTS',
  ERR_NO_COMPANY_FOUND = 'ERR_NO_COMPANY_FOUND',
  ERR_NO_PLAN_FOUND = 'ERR_NO_PLAN_FOUND',
  ERR_PLAN_IN_USE = 'ERR_PLAN_IN_USE',
  ERR_PLAN_NAME_ALREADY_EXISTS = 'ERR_PLAN_NAME_ALREADY_EXISTS',
  ERR_NO_HELP_FOUND = 'ERR_NO_HELP_FOUND',
  ERR_NO_ANNOUNCEMENT_FOUND = 'ERR_NO_ANNOUNCEMENT_FOUND',
  ERR_INVALID_RESET_TOKEN = 'ERR_INVALID_RESET_TOKEN',
  ERR_WEAK_PASSWORD = 'ERR_WEAK_PASSWORD',
  ERR_CANNOT_DELETE_SELF = 'ERR_CANNOT_DELETE_SELF',
  ERR_CANNOT_DELETE_PLATFORM_COMPANY = 'ERR_CANNOT_DELETE_PLATFORM_COMPANY',
  ERR_INVALID_SETTING_VALUE = 'ERR_INVALID_SETTING_VALUE',
  ERR_PAYLOAD_TOO_LARGE = 'ERR_PAYLOAD_TOO_LARGE',
  // tickets service (issue 5)
  /** Sending in a closed ticket: 'Reabra ou aceite esse ticket para enviar uma mensagem.' */
  ERR_TICKET_CLOSED = 'ERR_TICKET_CLOSED',
  /** A non-admin opened a ticket without choosing a queue: 'Selecione uma fila.' */
  ERR_QUEUE_REQUIRED = 'ERR_QUEUE_REQUIRED',
  ERR_NO_QUEUE_FOUND = 'ERR_NO_QUEUE_FOUND',
  ERR_NO_TAG_FOUND = 'ERR_NO_TAG_FOUND',
  ERR_TAG_NAME_ALREADY_EXISTS = 'ERR_TAG_NAME_ALREADY_EXISTS',
  ERR_NO_MESSAGE_FOUND = 'ERR_NO_MESSAGE_FOUND',
  ERR_NO_TICKET_NOTE_FOUND = 'ERR_NO_TICKET_NOTE_FOUND',
  ERR_NO_QUICK_MESSAGE_FOUND = 'ERR_NO_QUICK_MESSAGE_FOUND',
  ERR_NO_INVOICE_FOUND = 'ERR_NO_INVOICE_FOUND',
  ERR_INVOICE_NOT_OPEN = 'ERR_INVOICE_NOT_OPEN',
  ERR_INVALID_WEBHOOK_SIGNATURE = 'ERR_INVALID_WEBHOOK_SIGNATURE',
  ERR_PAYMENT_PROVIDER = 'ERR_PAYMENT_PROVIDER',
  /** No such chat, or the actor is not one of its members. */
  ERR_NO_CHAT_FOUND = 'ERR_NO_CHAT_FOUND',
  // campaigns service (issue 12)
  ERR_NO_SCHEDULE_FOUND = 'ERR_NO_SCHEDULE_FOUND',
  /** A schedule already sent (sentAt set) cannot be edited (spec 000: the save button is hidden). */
  ERR_SCHEDULE_ALREADY_SENT = 'ERR_SCHEDULE_ALREADY_SENT',
  // ai service (issue 14)
  ERR_NO_QUEUE_INTEGRATION_FOUND = 'ERR_NO_QUEUE_INTEGRATION_FOUND',
  /** `POST /queueIntegration/testSession` failed: bad service-account JSON or credentials, unknown project, or Dialogflow unreachable (data: reason, status). */
  ERR_DIALOGFLOW_TEST_FAILED = 'ERR_DIALOGFLOW_TEST_FAILED',
  ERR_NO_PROMPT_FOUND = 'ERR_NO_PROMPT_FOUND',
  // flows (issue 27)
  ERR_NO_FLOW_FOUND = 'ERR_NO_FLOW_FOUND',
  ERR_NO_CAMPAIGN_FOUND = 'ERR_NO_CAMPAIGN_FOUND',
  /** The campaign's status does not allow this change (spec 001 section 4 "Campaign editability"). */
  ERR_CAMPAIGN_NOT_EDITABLE = 'ERR_CAMPAIGN_NOT_EDITABLE',
  /** A running campaign cannot be deleted (cancel it first). */
  ERR_CAMPAIGN_RUNNING = 'ERR_CAMPAIGN_RUNNING',
  /** Cancel needs a running (or programmed) campaign; restart a cancelled one. */
  ERR_CAMPAIGN_WRONG_STATUS = 'ERR_CAMPAIGN_WRONG_STATUS',
  ERR_NO_CONTACT_LIST_FOUND = 'ERR_NO_CONTACT_LIST_FOUND',
  ERR_NO_CONTACT_LIST_ITEM_FOUND = 'ERR_NO_CONTACT_LIST_ITEM_FOUND',
  ERR_NO_FILE_LIST_FOUND = 'ERR_NO_FILE_LIST_FOUND',
  /** An uploaded contact list file that is not a readable .xls/.xlsx sheet. */
  ERR_INVALID_SPREADSHEET = 'ERR_INVALID_SPREADSHEET',
  // external messaging API (issue 15)
  /** `POST /api/messages/send` without a bearer token, or with one no connection has (never generated, or regenerated since). */
  ERR_INVALID_API_TOKEN = 'ERR_INVALID_API_TOKEN',
  /** An `Idempotency-Key` used before with another request (number, body, files or closeTicket). */
  ERR_IDEMPOTENCY_KEY_REUSED = 'ERR_IDEMPOTENCY_KEY_REUSED',
  // WhatsApp Cloud API (issue 26)
  /** Meta refused the connection's credentials when it was created or saved (data: Meta's code and message). */
  ERR_CLOUD_CREDENTIALS_REFUSED = 'ERR_CLOUD_CREDENTIALS_REFUSED',
  /** Another connection already uses this phone number id (a webhook names one connection). */
  ERR_CLOUD_NUMBER_IN_USE = 'ERR_CLOUD_NUMBER_IN_USE',
  /** A webhook delivery without an `X-Hub-Signature-256` header. */
  ERR_WEBHOOK_UNSIGNED = 'ERR_WEBHOOK_UNSIGNED',
  /** A webhook delivery (or handshake) that is wrongly signed, names no known number, or a wrong verify token. */
  ERR_WEBHOOK_REFUSED = 'ERR_WEBHOOK_REFUSED',
  /**
   * Free text on a `cloud` connection more than 24 h after the customer's last message (Meta's
   * customer-service window, its error 131047): only an approved template may be sent then.
   */
  ERR_WAPP_WINDOW_CLOSED = 'ERR_WAPP_WINDOW_CLOSED',
  /** A template the connection's WhatsApp Business account does not have approved (unknown name or language, pending, rejected). */
  ERR_WAPP_TEMPLATE_NOT_FOUND = 'ERR_WAPP_TEMPLATE_NOT_FOUND',
  /**
   * Meta kept answering its rate limits (130429 number, 131056 pair) to a Cloud API send past its
   * retries: nothing was sent, and the message may be sent again after `retryAfterSeconds`.
   */
  ERR_WAPP_RATE_LIMITED = 'ERR_WAPP_RATE_LIMITED',
  // single sign-on (issue 28)
  /** No company logs this e-mail in through single sign-on (none names its domain, or its SSO is off). */
  ERR_SSO_NOT_CONFIGURED = 'ERR_SSO_NOT_CONFIGURED',
  /** A password login of a user whose company requires single sign-on. */
  ERR_SSO_REQUIRED = 'ERR_SSO_REQUIRED',
  /** A callback whose state is unknown, expired (10 minutes) or already used. */
  ERR_SSO_STATE_INVALID = 'ERR_SSO_STATE_INVALID',
  /** The provider refused the login, or its answer failed a check (id_token signature, issuer, audience, nonce, PKCE). */
  ERR_SSO_LOGIN_FAILED = 'ERR_SSO_LOGIN_FAILED',
  /** The provider vouched for an e-mail outside the company's allowed domains (or an unverified one). */
  ERR_SSO_DOMAIN_NOT_ALLOWED = 'ERR_SSO_DOMAIN_NOT_ALLOWED',
  /** Another company already logs this e-mail domain in through its provider. */
  ERR_SSO_DOMAIN_TAKEN = 'ERR_SSO_DOMAIN_TAKEN',
  /** The issuer's discovery document could not be read when the settings were saved. */
  ERR_SSO_DISCOVERY_FAILED = 'ERR_SSO_DISCOVERY_FAILED',
  // two-factor login (issue 28)
  /** A TOTP or recovery code that is wrong, already used, or not for this user (400: a logged-in user's typo in the profile must not read as a lost session). */
  ERR_INVALID_TWO_FACTOR_CODE = 'ERR_INVALID_TWO_FACTOR_CODE',
  /** A login challenge that is unknown, expired (5 minutes) or already used: log in with the password again. */
  ERR_TWO_FACTOR_CHALLENGE_EXPIRED = 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED',
  /** Enable without a set up secret, or disable while two-factor login is off. */
  ERR_TWO_FACTOR_NOT_SET_UP = 'ERR_TWO_FACTOR_NOT_SET_UP',
  /** Setup or enable while two-factor login is already on (disable it first). */
  ERR_TWO_FACTOR_ALREADY_ENABLED = 'ERR_TWO_FACTOR_ALREADY_ENABLED',
  /** Disable refused: the company makes two-factor login mandatory for this user (setting twoFactorMandatory). */
  ERR_TWO_FACTOR_MANDATORY = 'ERR_TWO_FACTOR_MANDATORY',
}

/** The HTTP status each code is answered with unless the thrower names another. */
export const ERROR_HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  [ErrorCode.ERR_NO_OTHER_WHATSAPP]: 400,
  [ErrorCode.ERR_NO_DEF_WAPP_FOUND]: 404,
  [ErrorCode.ERR_WAPP_NOT_INITIALIZED]: 400,
  [ErrorCode.ERR_WAPP_CHECK_CONTACT]: 400,
  [ErrorCode.ERR_WAPP_INVALID_CONTACT]: 400,
  [ErrorCode.ERR_WAPP_DOWNLOAD_MEDIA]: 400,
  [ErrorCode.ERR_INVALID_CREDENTIALS]: 401,
  [ErrorCode.ERR_SENDING_WAPP_MSG]: 400,
  [ErrorCode.ERR_DELETE_WAPP_MSG]: 400,
  [ErrorCode.ERR_OTHER_OPEN_TICKET]: 409,
  [ErrorCode.ERR_SESSION_EXPIRED]: 401,
  [ErrorCode.ERR_USER_CREATION_DISABLED]: 403,
  [ErrorCode.ERR_NO_PERMISSION]: 403,
  [ErrorCode.ERR_DUPLICATED_CONTACT]: 409,
  [ErrorCode.ERR_NO_SETTING_FOUND]: 404,
  [ErrorCode.ERR_NO_CONTACT_FOUND]: 404,
  [ErrorCode.ERR_NO_TICKET_FOUND]: 404,
  [ErrorCode.ERR_NO_USER_FOUND]: 404,
  [ErrorCode.ERR_NO_WAPP_FOUND]: 404,
  [ErrorCode.ERR_CREATING_MESSAGE]: 500,
  [ErrorCode.ERR_CREATING_TICKET]: 500,
  [ErrorCode.ERR_FETCH_WAPP_MSG]: 404,
  [ErrorCode.ERR_QUEUE_COLOR_ALREADY_EXISTS]: 409,
  [ErrorCode.ERR_WAPP_GREETING_REQUIRED]: 400,
  [ErrorCode.ERR_VALIDATION]: 400,
  [ErrorCode.ERR_NOT_FOUND]: 404,
  [ErrorCode.ERR_INTERNAL]: 500,
  [ErrorCode.ERR_SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.ERR_SUBSCRIPTION_EXPIRED]: 402,
  [ErrorCode.ERR_COMPANY_INACTIVE]: 403,
  [ErrorCode.ERR_TOO_MANY_ATTEMPTS]: 429,
  [ErrorCode.ERR_PLAN_FEATURE_DISABLED]: 403,
  [ErrorCode.ERR_USER_LIMIT_REACHED]: 403,
  [ErrorCode.ERR_CONNECTION_LIMIT_REACHED]: 403,
  [ErrorCode.ERR_QUEUE_LIMIT_REACHED]: 403,
  [ErrorCode.ERR_EMAIL_ALREADY_EXISTS]: 409,
  [ErrorCode.ERR_COMPANY_NAME_ALREADY_EXISTS]: 409,
  [ErrorCode.ERR_NO_COMPANY_FOUND]: 404,
  [ErrorCode.ERR_NO_PLAN_FOUND]: 404,
  [ErrorCode.ERR_PLAN_IN_USE]: 409,
  [ErrorCode.ERR_PLAN_NAME_ALREADY_EXISTS]: 409,
  [ErrorCode.ERR_NO_HELP_FOUND]: 404,
  [ErrorCode.ERR_NO_ANNOUNCEMENT_FOUND]: 404,
  [ErrorCode.ERR_INVALID_RESET_TOKEN]: 400,
  [ErrorCode.ERR_WEAK_PASSWORD]: 400,
  [ErrorCode.ERR_CANNOT_DELETE_SELF]: 400,
  [ErrorCode.ERR_CANNOT_DELETE_PLATFORM_COMPANY]: 400,
  [ErrorCode.ERR_INVALID_SETTING_VALUE]: 400,
  [ErrorCode.ERR_PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.ERR_TICKET_CLOSED]: 409,
  [ErrorCode.ERR_QUEUE_REQUIRED]: 400,
  [ErrorCode.ERR_NO_QUEUE_FOUND]: 404,
  [ErrorCode.ERR_NO_TAG_FOUND]: 404,
  [ErrorCode.ERR_TAG_NAME_ALREADY_EXISTS]: 409,
  [ErrorCode.ERR_NO_MESSAGE_FOUND]: 404,
  [ErrorCode.ERR_NO_TICKET_NOTE_FOUND]: 404,
  [ErrorCode.ERR_NO_QUICK_MESSAGE_FOUND]: 404,
  [ErrorCode.ERR_NO_INVOICE_FOUND]: 404,
  [ErrorCode.ERR_INVOICE_NOT_OPEN]: 409,
  [ErrorCode.ERR_INVALID_WEBHOOK_SIGNATURE]: 400,
  [ErrorCode.ERR_PAYMENT_PROVIDER]: 502,
  [ErrorCode.ERR_NO_CHAT_FOUND]: 404,
  [ErrorCode.ERR_NO_SCHEDULE_FOUND]: 404,
  [ErrorCode.ERR_SCHEDULE_ALREADY_SENT]: 409,
  [ErrorCode.ERR_NO_QUEUE_INTEGRATION_FOUND]: 404,
  [ErrorCode.ERR_DIALOGFLOW_TEST_FAILED]: 400,
  [ErrorCode.ERR_NO_PROMPT_FOUND]: 404,
  [ErrorCode.ERR_NO_FLOW_FOUND]: 404,
  [ErrorCode.ERR_NO_CAMPAIGN_FOUND]: 404,
  [ErrorCode.ERR_CAMPAIGN_NOT_EDITABLE]: 409,
  [ErrorCode.ERR_CAMPAIGN_RUNNING]: 409,
  [ErrorCode.ERR_CAMPAIGN_WRONG_STATUS]: 409,
  [ErrorCode.ERR_NO_CONTACT_LIST_FOUND]: 404,
  [ErrorCode.ERR_NO_CONTACT_LIST_ITEM_FOUND]: 404,
  [ErrorCode.ERR_NO_FILE_LIST_FOUND]: 404,
  [ErrorCode.ERR_INVALID_SPREADSHEET]: 400,
  [ErrorCode.ERR_INVALID_API_TOKEN]: 401,
  [ErrorCode.ERR_IDEMPOTENCY_KEY_REUSED]: 422,
  [ErrorCode.ERR_CLOUD_CREDENTIALS_REFUSED]: 400,
  [ErrorCode.ERR_CLOUD_NUMBER_IN_USE]: 409,
  [ErrorCode.ERR_WEBHOOK_UNSIGNED]: 401,
  [ErrorCode.ERR_WEBHOOK_REFUSED]: 403,
  [ErrorCode.ERR_WAPP_WINDOW_CLOSED]: 400,
  [ErrorCode.ERR_SSO_NOT_CONFIGURED]: 404,
  [ErrorCode.ERR_SSO_REQUIRED]: 403,
  [ErrorCode.ERR_SSO_STATE_INVALID]: 400,
  [ErrorCode.ERR_SSO_LOGIN_FAILED]: 401,
  [ErrorCode.ERR_SSO_DOMAIN_NOT_ALLOWED]: 403,
  [ErrorCode.ERR_SSO_DOMAIN_TAKEN]: 409,
  [ErrorCode.ERR_SSO_DISCOVERY_FAILED]: 400,
  [ErrorCode.ERR_WAPP_TEMPLATE_NOT_FOUND]: 400,
  [ErrorCode.ERR_WAPP_RATE_LIMITED]: 429,
  [ErrorCode.ERR_INVALID_TWO_FACTOR_CODE]: 400,
  [ErrorCode.ERR_TWO_FACTOR_CHALLENGE_EXPIRED]: 401,
  [ErrorCode.ERR_TWO_FACTOR_NOT_SET_UP]: 400,
  [ErrorCode.ERR_TWO_FACTOR_ALREADY_ENABLED]: 409,
  [ErrorCode.ERR_TWO_FACTOR_MANDATORY]: 403,
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_HTTP_STATUS;
}
