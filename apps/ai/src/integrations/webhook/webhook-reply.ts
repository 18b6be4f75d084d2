import type { BotAction } from '@atrium/contracts';

/**
 * The JSON an n8n/webhook receiver may answer (apps/ai/README.md "Webhook and n8n"):
 * `{ "replies": [{ "type": "text", "body" }, { "type": "media", "url", "mimetype", "fileName"?, "caption"? }],
 *    "transfer": { "queueId" } | { "userId" }, "stop": true }`; every key optional, an empty body means nothing.
 * Anything else is refused (the runtime treats it as a provider failure).
 */
export function readWebhookReply(text: string): BotAction[] | { problem: string } {
  if (text.trim() === '') return [];
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return { problem: 'the reply is not JSON' };
  }
  if (!isObject(reply)) return { problem: 'the reply is not a JSON object' };
  const actions: BotAction[] = [];
  const replies = reply.replies ?? [];
  if (!Array.isArray(replies)) return { problem: '"replies" is not a list' };
  for (const [index, item] of replies.entries()) {
    if (isObject(item) && item.type === 'text' && typeof item.body === 'string' && item.body.trim() !== '')
      actions.push({ type: 'text', body: item.body });
    else if (
      isObject(item) &&
      item.type === 'media' &&
      typeof item.url === 'string' &&
      /^https?:\/\//.test(item.url) &&
      typeof item.mimetype === 'string'
    ) {
      actions.push({
        type: 'media',
        url: item.url,
        mimetype: item.mimetype,
        fileName: optionalText(item.fileName),
        caption: optionalText(item.caption),
      });
    } else return { problem: `replies[${index}] is neither a text nor a media` };
  }
  if (reply.transfer !== undefined && reply.transfer !== null) {
    const transfer = reply.transfer;
    const queueId = isObject(transfer) ? positiveInt(transfer.queueId) : undefined;
    const userId = isObject(transfer) ? positiveInt(transfer.userId) : undefined;
    if (queueId === undefined && userId === undefined) return { problem: '"transfer" names neither a queueId nor a userId' };
    actions.push({ type: 'transfer', ...(queueId ? { queueId } : {}), ...(userId ? { userId } : {}) });
  } else if (reply.stop === true) actions.push({ type: 'handToHuman' });
  return actions;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const positiveInt = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
};
