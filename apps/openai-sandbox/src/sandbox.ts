import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, type Logger } from '@atrium/logging';
import { behaviourOf, reply, SLOW_ANSWER_MS, transcribe, type ChatMessage, type ChatTool } from './assistant-model.js';
import type { OpenAiSandboxConfig } from './config.js';

/** A chat completion request as the sandbox received it (for tests: what the assistant was told). */
export interface RecordedChat {
  id: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  maxTokens: number | null;
  temperature: number | null;
  tools: string[];
  status: number;
  at: string;
}

export interface RecordedTranscription {
  apiKey: string;
  model: string;
  fileName: string;
  bytes: number;
  text: string;
}

export interface RecordedSpeech {
  region: string;
  key: string;
  voice: string;
  text: string;
  format: string;
}

export interface RunningOpenAiSandbox {
  url: string;
  port: number;
  /** OPENAI_BASE_URL of a client of this sandbox. */
  openAiBaseUrl: string;
  /** AZURE_SPEECH_URL of a client of this sandbox (`{region}` left for the client). */
  azureSpeechUrl: string;
  chats: RecordedChat[];
  transcriptions: RecordedTranscription[];
  speeches: RecordedSpeech[];
  close(): Promise<void>;
}

const MAX_BODY = 26 * 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  response.writeHead(status, {
    'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json',
    'content-length': String(data.length),
    ...headers,
  });
  response.end(data);
}

/** OpenAI's error body. */
const openAiError = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });

const bearerOf = (request: IncomingMessage) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';

/** Starts the sandbox. Used by main.ts and by tests (`PORT: 0` for a free port). */
export async function startOpenAiSandbox(
  config: Partial<OpenAiSandboxConfig> = {},
  logger: Logger = createLogger({ service: 'openai-sandbox', level: config.LOG_LEVEL ?? 'info' }),
): Promise<RunningOpenAiSandbox> {
  const limit = config.OPENAI_SANDBOX_REQUEST_LIMIT ?? 10_000;
  const maxDelayMs = config.OPENAI_SANDBOX_MAX_DELAY_MS ?? 0;
  const chats: RecordedChat[] = [];
  const transcriptions: RecordedTranscription[] = [];
  const speeches: RecordedSpeech[] = [];
  const callsPerKey = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const remember = <T>(list: T[], item: T) => {
    list.push(item);
    if (list.length > limit) list.shift();
  };

  /** The failure a key asks for, or null to answer. Hangs (never answers) for `timeout`. */
  async function failure(apiKey: string, response: ServerResponse): Promise<number | 'hang' | null> {
    const calls = (callsPerKey.get(apiKey) ?? 0) + 1;
    callsPerKey.set(apiKey, calls);
    const behaviour = behaviourOf(apiKey);
    if (behaviour === 'fail500' || (behaviour === 'flaky' && calls % 2 === 1)) {
      send(response, 500, openAiError('The server had an error while processing your request.', 'server_error'));
      return 500;
    }
    if (behaviour === 'fail429') {
      send(response, 429, openAiError('Rate limit reached.', 'requests', 'rate_limit_exceeded'));
      return 429;
    }
    if (behaviour === 'timeout') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return 'hang';
    }
    return null;
  }

  async function chatCompletions(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const apiKey = bearerOf(request);
    if (!apiKey) return send(response, 401, openAiError("You didn't provide an API key.", 'invalid_request_error', 'invalid_api_key'));
    const body = JSON.parse((await readBody(request)).toString('utf8')) as {
      model?: string;
      messages?: ChatMessage[];
      max_tokens?: number;
      temperature?: number;
      tools?: ChatTool[];
    };
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0) {
      return send(response, 400, openAiError('model and messages are required', 'invalid_request_error'));
    }
    const record: RecordedChat = {
      id: `chatcmpl-${randomUUID()}`,
      apiKey,
      model: body.model,
      messages: body.messages,
      maxTokens: body.max_tokens ?? null,
      temperature: body.temperature ?? null,
      tools: (body.tools ?? []).map((tool) => tool.function?.name ?? tool.type),
      status: 200,
      at: new Date().toISOString(),
    };
    remember(chats, record);
    const failed = await failure(apiKey, response);
    if (failed !== null) {
      record.status = failed === 'hang' ? 0 : failed;
      return;
    }
    if (behaviourOf(apiKey) === 'slow') await sleep(SLOW_ANSWER_MS);
    else if (maxDelayMs > 0) await sleep(Math.floor(Math.random() * maxDelayMs));
    const answer = reply(body.messages, body.tools);
    const message =
      answer.kind === 'text'
        ? { role: 'assistant', content: answer.content, refusal: null }
        : {
            role: 'assistant',
            content: answer.content,
            refusal: null,
            tool_calls: [{ id: `call_${randomUUID().slice(0, 8)}`, type: 'function', function: { name: answer.name, arguments: '{}' } }],
          };
    send(response, 200, {
      id: record.id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: answer.kind === 'tool' ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  }

  async function audioTranscriptions(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const apiKey = bearerOf(request);
    if (!apiKey) return send(response, 401, openAiError("You didn't provide an API key.", 'invalid_request_error', 'invalid_api_key'));
    const form = await new Response(new Uint8Array(await readBody(request)), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof Blob) || typeof model !== 'string')
      return send(response, 400, openAiError('file and model are required', 'invalid_request_error'));
    if ((await failure(apiKey, response)) !== null) return;
    const audio = Buffer.from(await file.arrayBuffer());
    const text = transcribe(audio);
    remember(transcriptions, { apiKey, model, fileName: (file as File).name ?? '', bytes: audio.length, text });
    send(response, 200, { text });
  }

  async function speech(request: IncomingMessage, response: ServerResponse, region: string): Promise<void> {
    const key = String(request.headers['ocp-apim-subscription-key'] ?? '');
    if (!key) return send(response, 401, { error: { code: 'Unauthorized', message: 'Access denied due to invalid subscription key.' } });
    const format = String(request.headers['x-microsoft-outputformat'] ?? '');
    const ssml = (await readBody(request)).toString('utf8');
    const voice = /<voice[^>]*name='([^']+)'/.exec(ssml)?.[1] ?? /<voice[^>]*name="([^"]+)"/.exec(ssml)?.[1];
    if (!voice || !format)
      return send(response, 400, { error: { code: 'BadRequest', message: 'SSML with a voice and X-Microsoft-OutputFormat are required' } });
    const text = ssml
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    if (key.includes('fail500')) return send(response, 500, { error: { code: 'InternalServerError', message: 'synthesis failed' } });
    remember(speeches, { region, key, voice, text, format });
    // an Ogg page header and the spoken text: enough for a test to recognise its voice note
    send(response, 200, Buffer.concat([Buffer.from('OggS'), Buffer.from(`${voice}|${text}`)]), { 'content-type': 'audio/ogg' });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const route = `${request.method} ${url.pathname}`;
    const speechPath = /^\/azure\/([A-Za-z0-9-]+)\/cognitiveservices\/v1$/.exec(url.pathname);
    const handled =
      route === 'GET /health'
        ? Promise.resolve(send(response, 200, { status: 'ok' }))
        : route === 'POST /v1/chat/completions'
          ? chatCompletions(request, response)
          : route === 'POST /v1/audio/transcriptions'
            ? audioTranscriptions(request, response)
            : request.method === 'POST' && speechPath
              ? speech(request, response, speechPath[1]!)
              : route === 'GET /_sandbox/requests'
                ? Promise.resolve(
                    send(response, 200, {
                      chats: chats.map(({ apiKey: _key, ...rest }) => rest),
                      transcriptions: transcriptions.length,
                      speeches: speeches.length,
                    }),
                  )
                : Promise.resolve(
                    send(response, 404, openAiError(`Unknown request URL: ${route}`, 'invalid_request_error', 'unknown_url')),
                  );
    handled.catch((error: unknown) => {
      logger.warn({ err: error, route }, 'openai-sandbox request failed');
      if (!response.headersSent) send(response, 400, openAiError('could not read the request', 'invalid_request_error'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT ?? 8092, config.HOST ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url }, 'openai-sandbox listening');
  return {
    url,
    port,
    openAiBaseUrl: `${url}/v1`,
    azureSpeechUrl: `${url}/azure/{region}`,
    chats,
    transcriptions,
    speeches,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
