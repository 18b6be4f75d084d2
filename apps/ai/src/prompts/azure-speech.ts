import { ProviderError } from '../runtime/bot-engine.js';

/** Voice notes as WhatsApp plays them: Ogg/Opus. */
export const SPEECH_FORMAT = { header: 'ogg-48khz-16bit-mono-opus', mimetype: 'audio/ogg', extension: '.ogg' } as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * Azure Speech text-to-speech through its REST API (`POST {base}/cognitiveservices/v1` with SSML and
 * the subscription key), `{region}` of the base URL replaced by the prompt's voiceRegion.
 */
export async function synthesizeSpeech(
  baseUrl: string,
  voice: { name: string; key: string; region: string },
  text: string,
  signal: AbortSignal,
): Promise<Buffer> {
  const url = `${baseUrl.replace('{region}', encodeURIComponent(voice.region)).replace(/\/$/, '')}/cognitiveservices/v1`;
  const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice xml:lang='pt-BR' name='${escapeXml(voice.name)}'>${escapeXml(text)}</voice></speak>`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': voice.key,
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': SPEECH_FORMAT.header,
        'User-Agent': 'atrium-ai',
      },
      body: ssml,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new ProviderError('azure-speech', 'network', error instanceof Error ? error.message : 'fetch failed');
  }
  if (!response.ok) throw new ProviderError('azure-speech', response.status, `speech synthesis answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
