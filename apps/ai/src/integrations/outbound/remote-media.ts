import { CONVERSATION_MEDIA_ROOTS, type BotAction } from '@atrium/contracts';
import { assertStorageKey, serverFileKeySegment, type ObjectStorage } from '@atrium/storage';
import { ProviderError } from '../../runtime/bot-engine.js';
import { OutboundRefused, type OutboundUrlGuard } from './outbound-url.guard.js';

/** Largest file an integration may have sent to a customer (tickets' own limit for fetched files). */
const MAX_MEDIA_BYTES = 16 * 1024 * 1024;

/**
 * The files an integration names by URL (a webhook's `media` reply, a Typebot image bubble) are
 * fetched here, through the SSRF guard, and stored as the company's uploads; tickets receives a
 * `mediaKey`, never a URL to fetch itself. A file that cannot be fetched (refused address, non-2xx,
 * too large, timeout) is a failure of the integration's provider.
 */
export async function withStoredMedia(
  actions: BotAction[],
  context: { companyId: number; provider: string; guard: OutboundUrlGuard; storage: ObjectStorage; signal: AbortSignal },
): Promise<BotAction[]> {
  const stored: BotAction[] = [];
  for (const action of actions) {
    if (action.type !== 'media' || action.mediaKey || !action.url) {
      stored.push(action);
      continue;
    }
    const body = await fetchFile(action.url, context);
    const name = action.fileName ?? (new URL(action.url).pathname.split('/').pop() || 'file');
    const key = assertStorageKey(`${CONVERSATION_MEDIA_ROOTS.uploads}/${context.companyId}/${serverFileKeySegment(name, action.mimetype)}`);
    await context.storage.put(key, body, action.mimetype);
    const { url: _url, ...rest } = action;
    stored.push({ ...rest, mediaKey: key, fileName: action.fileName ?? name });
  }
  return stored;
}

async function fetchFile(
  url: string,
  { provider, guard, signal }: { provider: string; guard: OutboundUrlGuard; signal: AbortSignal },
): Promise<Buffer> {
  let response: Response;
  try {
    response = await guard.fetch(url, { method: 'GET', headers: { 'user-agent': 'Atrium-Media/1' }, signal, maxBytes: MAX_MEDIA_BYTES });
  } catch (error) {
    if (error instanceof OutboundRefused) throw new ProviderError(provider, 'refused', `media URL: ${error.message}`);
    throw new ProviderError(
      provider,
      signal.aborted ? 'timeout' : 'network',
      signal.aborted ? 'the media file did not arrive in time' : `the media file could not be fetched (${(error as Error).message})`,
    );
  }
  if (!response.ok) throw new ProviderError(provider, response.status, `the media file answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
