import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@atrium/logging';
import { GRAPH_ERRORS, type MetaAccount, type SandboxNumber } from './meta-account.js';
import { readJson, sendJson } from './http.js';
import type { DeliveryOptions, WebhookSender } from './webhook-sender.js';

export interface SandboxControlDeps {
  account: MetaAccount;
  webhooks: WebhookSender;
  defaults: Pick<SandboxNumber, 'wabaId' | 'webhookUrl' | 'messagesPerSecond'>;
  logger: Logger;
}

interface CustomerMessage {
  phoneNumberId: string;
  profileName?: string;
  id?: string;
  type?: string;
  text?: string;
  caption?: string;
  media?: { base64: string; mimetype: string; filename?: string; voice?: boolean };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  contacts?: unknown[];
  interactive?: { type: 'button_reply' | 'list_reply'; id: string; title: string };
  button?: { text: string; payload?: string };
  reaction?: { message_id: string; emoji: string };
  context?: { id: string };
  delivery?: DeliveryOptions;
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Test-only calls (`/_sandbox/...`): register numbers, have simulated customers write in and
 * read, push statuses in any order, ask for errors on demand, expire a token, approve or reject
 * templates, change a number's quality, and read what the business sent. Each webhook is signed
 * with the number's app secret and may be duplicated, retried or badly signed on request.
 */
export function createSandboxHandler(deps: SandboxControlDeps) {
  const { account, webhooks } = deps;
  const numberOf = (id: unknown): SandboxNumber => {
    const number = account.numbers.get(String(id));
    if (!number) throw new ControlError(404, `no number ${String(id)}`);
    return number;
  };
  const deliver = async (number: SandboxNumber, payload: unknown, options?: DeliveryOptions): Promise<number | null> => {
    if (!number.webhookUrl) throw new ControlError(409, `number ${number.phoneNumberId} has no webhook URL`);
    return webhooks.deliver(number.webhookUrl, number.appSecret, payload, options);
  };

  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const method = request.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean).slice(1);
    try {
      if (method === 'POST' && parts[0] === 'numbers' && parts.length === 1) {
        const body = await readJson<Partial<SandboxNumber> & { phoneNumberId: string; accessToken: string; appSecret: string }>(request);
        if (!/^\d{5,30}$/.test(body.phoneNumberId ?? '') || !body.accessToken || !body.appSecret)
          throw new ControlError(400, 'phoneNumberId, accessToken and appSecret are required');
        const number = account.register({
          phoneNumberId: body.phoneNumberId,
          wabaId: body.wabaId ?? deps.defaults.wabaId,
          displayPhoneNumber: body.displayPhoneNumber ?? `+1 555 ${body.phoneNumberId.slice(-7)}`,
          verifiedName: body.verifiedName ?? 'Sandbox Business',
          qualityRating: body.qualityRating ?? 'GREEN',
          messagingLimitTier: body.messagingLimitTier ?? 'TIER_1K',
          accessToken: body.accessToken,
          appSecret: body.appSecret,
          webhookUrl: body.webhookUrl ?? deps.defaults.webhookUrl,
          messagesPerSecond: body.messagesPerSecond ?? deps.defaults.messagesPerSecond,
        });
        sendJson(response, 201, { ...number, accessToken: undefined, appSecret: undefined });
        return;
      }
      if (method === 'POST' && parts[0] === 'customers' && parts[2] === 'messages') {
        const waId = parts[1]!;
        const body = await readJson<CustomerMessage>(request);
        const number = numberOf(body.phoneNumberId);
        const message = customerMessage(account, waId, body);
        const payload = account.envelope(number, {
          contacts: [{ profile: { name: body.profileName ?? `Customer ${waId.slice(-4)}` }, wa_id: waId }],
          messages: [message],
        });
        const status = await deliver(number, payload, body.delivery);
        sendJson(response, 200, { id: message.id, webhookStatus: status });
        return;
      }
      if (method === 'POST' && parts[0] === 'customers' && parts[2] === 'read') {
        const body = await readJson<{ phoneNumberId: string }>(request);
        const number = numberOf(body.phoneNumberId);
        const read = account.sent.filter((sent) => sent.phoneNumberId === number.phoneNumberId && sent.to === parts[1]);
        const statuses = read.map((sent) => statusOf(sent.id, sent.to, 'read'));
        const status = statuses.length > 0 ? await deliver(number, account.envelope(number, { statuses })) : null;
        sendJson(response, 200, { read: read.length, webhookStatus: status });
        return;
      }
      if (method === 'POST' && parts[0] === 'statuses') {
        const body = await readJson<{
          phoneNumberId: string;
          messageId: string;
          to?: string;
          statuses: string[];
          errorCode?: number;
          delivery?: DeliveryOptions;
        }>(request);
        const number = numberOf(body.phoneNumberId);
        const to = body.to ?? account.sent.find((sent) => sent.id === body.messageId)?.to ?? '0';
        const codes: Array<number | null> = [];
        for (const state of body.statuses) {
          const value = statusOf(body.messageId, to, state, state === 'failed' ? (body.errorCode ?? 131026) : undefined);
          codes.push(await deliver(number, account.envelope(number, { statuses: [value] }), body.delivery));
        }
        sendJson(response, 200, { webhookStatuses: codes });
        return;
      }
      if (method === 'POST' && parts[0] === 'errors') {
        const body = await readJson<{ phoneNumberId: string; code: number; count?: number; to?: string }>(request);
        numberOf(body.phoneNumberId);
        if (!GRAPH_ERRORS[body.code]) throw new ControlError(400, `unknown error code ${body.code}`);
        account.forceErrors(body.phoneNumberId, { code: body.code, count: body.count ?? 1, to: body.to });
        sendJson(response, 200, { ok: true });
        return;
      }
      if (method === 'POST' && parts[0] === 'tokens' && parts[1] === 'expire') {
        const body = await readJson<{ token: string }>(request);
        account.expiredTokens.add(body.token);
        sendJson(response, 200, { ok: true });
        return;
      }
      if (method === 'POST' && parts[0] === 'templates' && parts[2] === 'status') {
        const template = account.templates.get(parts[1]!);
        if (!template) throw new ControlError(404, 'no such template');
        const body = await readJson<{ status: 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED'; reason?: string }>(request);
        template.status = body.status;
        const number = [...account.numbers.values()].find((candidate) => candidate.wabaId === template.wabaId);
        const value = {
          event: body.status,
          message_template_id: Number(template.id),
          message_template_name: template.name,
          message_template_language: template.language,
          reason: body.reason ?? 'NONE',
        };
        const status = number ? await deliver(number, account.envelope(number, value, 'message_template_status_update')) : null;
        sendJson(response, 200, { template, webhookStatus: status });
        return;
      }
      if (method === 'POST' && parts[0] === 'numbers' && parts[2] === 'quality') {
        const number = numberOf(parts[1]);
        const body = await readJson<{ qualityRating?: string; messagingLimitTier?: string; event?: string }>(request);
        number.qualityRating = body.qualityRating ?? number.qualityRating;
        number.messagingLimitTier = body.messagingLimitTier ?? number.messagingLimitTier;
        const value = {
          display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
          event: body.event ?? 'FLAGGED',
          current_limit: number.messagingLimitTier,
        };
        const status = await deliver(number, account.envelope(number, value, 'phone_number_quality_update'));
        sendJson(response, 200, { webhookStatus: status });
        return;
      }
      if (method === 'POST' && parts[0] === 'webhooks') {
        const body = await readJson<{
          phoneNumberId: string;
          payload?: unknown;
          value?: Record<string, unknown>;
          delivery?: DeliveryOptions;
        }>(request);
        const number = numberOf(body.phoneNumberId);
        const status = await deliver(number, body.payload ?? account.envelope(number, body.value ?? {}), body.delivery);
        sendJson(response, 200, { webhookStatus: status });
        return;
      }
      if (method === 'GET' && parts[0] === 'sent') {
        const phoneNumberId = url.searchParams.get('phoneNumberId');
        const to = url.searchParams.get('to');
        const sent = account.sent.filter(
          (record) => (!phoneNumberId || record.phoneNumberId === phoneNumberId) && (!to || record.to === to),
        );
        sendJson(response, 200, { sent });
        return;
      }
      if (method === 'GET' && parts[0] === 'stats') {
        sendJson(response, 200, {
          sent: account.sent.length,
          paceViolations: account.paceViolations,
          webhookDeliveries: webhooks.log.length,
        });
        return;
      }
      if (method === 'GET' && parts[0] === 'templates') {
        sendJson(response, 200, { templates: [...account.templates.values()] });
        return;
      }
      throw new ControlError(404, `no ${method} ${url.pathname}`);
    } catch (error) {
      const status = error instanceof ControlError ? error.status : 500;
      if (status === 500) deps.logger.error({ err: error }, 'sandbox call failed');
      sendJson(response, status, { error: error instanceof Error ? error.message : String(error) });
    }
  };
}

function statusOf(id: string, to: string, status: string, errorCode?: number): Record<string, unknown> {
  const known = errorCode === undefined ? undefined : GRAPH_ERRORS[errorCode];
  return {
    id,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: to,
    ...(errorCode === undefined
      ? {}
      : {
          errors: [
            {
              code: errorCode,
              title: known?.title ?? 'Error',
              message: known?.title ?? 'Error',
              error_data: { details: known?.message ?? '' },
            },
          ],
        }),
  };
}

/** A customer's message as Meta's webhook carries it; media are stored first, to be fetched with GET /{media-id}. */
function customerMessage(account: MetaAccount, waId: string, body: CustomerMessage): Record<string, unknown> {
  const type = body.type ?? (body.media ? 'image' : 'text');
  const message: Record<string, unknown> = {
    from: waId,
    id: body.id ?? account.wamid(),
    timestamp: String(Math.floor(Date.now() / 1000)),
    type,
    ...(body.context ? { context: { from: waId, id: body.context.id } } : {}),
  };
  if (body.media) {
    const media = account.storeMedia(
      body.phoneNumberId,
      Buffer.from(body.media.base64, 'base64'),
      body.media.mimetype,
      body.media.filename ?? 'file',
    );
    message[type] = {
      id: media.id,
      mime_type: media.mimetype,
      sha256: account.sha256(media),
      ...(body.caption ? { caption: body.caption } : {}),
      ...(type === 'document' ? { filename: media.filename } : {}),
      ...(type === 'audio' ? { voice: body.media.voice ?? true } : {}),
    };
    return message;
  }
  switch (type) {
    case 'text':
      return { ...message, text: { body: body.text ?? '' } };
    case 'location':
      return { ...message, location: body.location };
    case 'contacts':
      return { ...message, contacts: body.contacts };
    case 'interactive':
      return {
        ...message,
        interactive: {
          type: body.interactive!.type,
          [body.interactive!.type]: { id: body.interactive!.id, title: body.interactive!.title },
        },
      };
    case 'button':
      return { ...message, button: body.button };
    case 'reaction':
      return { ...message, reaction: body.reaction };
    default:
      return {
        ...message,
        type: 'unsupported',
        errors: [
          {
            code: 131051,
            title: 'Message type unknown',
            message: 'Message type unknown',
            error_data: { details: 'Message type is currently not supported.' },
          },
        ],
      };
  }
}
