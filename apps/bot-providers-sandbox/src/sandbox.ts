import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@atrium/logging';
import type { BotProvidersSandboxConfig } from './config.js';
import { DialogflowSimulator, type SandboxIntent } from './dialogflow-simulator.js';
import { readJson, readText, sendJson } from './http-io.js';
import { TypebotSimulator, type SandboxFlow } from './typebot-simulator.js';
import { WebhookReceivers, type ScriptedReply } from './webhook-receiver.js';

export interface RunningBotProvidersSandbox {
  /** Base URL: Typebot's server (integration urlN8N), Dialogflow's API (ai's DIALOGFLOW_API_URL), receivers at `/webhook/{name}`. */
  url: string;
  port: number;
  typebot: TypebotSimulator;
  dialogflow: DialogflowSimulator;
  webhooks: WebhookReceivers;
  close(): Promise<void>;
}

const DETECT_INTENT = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/;
const START_CHAT = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/;
const CONTINUE_CHAT = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/;
const WEBHOOK = /^\/webhook\/([\w-]+)$/;
const FILE = /^\/files\/([\w-]+)\.(png|jpg|pdf|mp4|ogg)$/;
const FILE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  ogg: 'audio/ogg',
};

/** Starts the Typebot, Dialogflow and n8n/webhook stand-ins on one port. Used by main.ts and by tests (`PORT: 0`). */
export async function startBotProvidersSandbox(
  config: Partial<BotProvidersSandboxConfig> = {},
  logger: Logger = createLogger({ service: 'bot-providers-sandbox', level: config.LOG_LEVEL ?? 'info' }),
): Promise<RunningBotProvidersSandbox> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT ?? 8093, config.HOST ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const typebot = new TypebotSimulator();
  const dialogflow = new DialogflowSimulator(() => url);
  const webhooks = new WebhookReceivers();

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://sandbox').pathname);
    const method = request.method ?? 'GET';
    const text = method === 'GET' ? '' : await readText(request);
    const answer = ({ status, body }: { status: number; body: unknown }) => sendJson(response, status, body);
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/health') return sendJson(response, 200, { status: 'ok' });
    if (method === 'POST' && (match = START_CHAT.exec(path))) return answer(typebot.startChat(match[1]!, readJson(text) ?? {}));
    if (method === 'POST' && (match = CONTINUE_CHAT.exec(path))) return answer(typebot.continueChat(match[1]!, readJson(text) ?? {}));
    if (method === 'POST' && path === '/token') return answer(dialogflow.token(new URLSearchParams(text)));
    if (method === 'POST' && (match = DETECT_INTENT.exec(path)))
      return answer(dialogflow.detectIntent(request.headers.authorization, match[1]!, match[2]!, readJson(text) ?? {}));
    if (method === 'POST' && (match = WEBHOOK.exec(path))) {
      const header = request.headers['x-atrium-signature'];
      const reply = await webhooks.receive(match[1]!, text, typeof header === 'string' ? header : undefined);
      response.writeHead(reply.status, reply.body ? { 'content-type': 'application/json' } : {});
      return void response.end(reply.body);
    }
    if (method === 'GET' && (match = FILE.exec(path))) {
      // the files flows and receivers link to (a Typebot image bubble, a webhook's media reply): `sandbox file <name>`
      const body = Buffer.from(`sandbox file ${match[1]}.${match[2]}`);
      response.writeHead(200, { 'content-type': FILE_TYPES[match[2]!]!, 'content-length': body.length });
      return void response.end(body);
    }
    return sandboxCall(method, path, readJson(text) ?? {}, response);
  };

  /** Test-only calls (`/_sandbox/...`): define flows and agents, create key files, script receivers, read calls back. */
  const sandboxCall = (method: string, path: string, body: Record<string, unknown>, response: ServerResponse): void => {
    let match: RegExpExecArray | null;
    if (method === 'PUT' && (match = /^\/_sandbox\/typebot\/flows\/([\w-]+)$/.exec(path))) {
      typebot.define(match[1]!, body as unknown as SandboxFlow);
      return sendJson(response, 200, { ok: true });
    }
    if (method === 'GET' && path === '/_sandbox/typebot/calls')
      return sendJson(response, 200, { calls: typebot.calls, sessions: typebot.sessionIds() });
    if (method === 'DELETE' && (match = /^\/_sandbox\/typebot\/sessions\/([\w-]+)$/.exec(path)))
      return sendJson(response, typebot.dropSession(match[1]!) ? 200 : 404, {});
    if (method === 'POST' && path === '/_sandbox/dialogflow/service-accounts')
      return sendJson(response, 200, dialogflow.createServiceAccount(String(body.projectId ?? 'atrium-demo')));
    if (method === 'PUT' && (match = /^\/_sandbox\/dialogflow\/agents\/([\w-]+)$/.exec(path))) {
      dialogflow.defineAgent(match[1]!, (body.intents ?? []) as SandboxIntent[]);
      return sendJson(response, 200, { ok: true });
    }
    if (method === 'POST' && path === '/_sandbox/dialogflow/fail-next') {
      dialogflow.failNext.push(Number(body.status ?? 500));
      return sendJson(response, 200, { ok: true });
    }
    if (method === 'GET' && path === '/_sandbox/dialogflow/calls') return sendJson(response, 200, { calls: dialogflow.calls });
    if (method === 'PUT' && (match = /^\/_sandbox\/webhooks\/([\w-]+)$/.exec(path))) {
      webhooks.configure(match[1]!, {
        secret: body.secret as string | undefined,
        replies: body.replies as ScriptedReply[] | undefined,
        echo: body.echo as boolean | undefined,
      });
      return sendJson(response, 200, { ok: true });
    }
    if (method === 'GET' && (match = /^\/_sandbox\/webhooks\/([\w-]+)\/calls$/.exec(path)))
      return sendJson(response, 200, { calls: webhooks.calls(match[1]!) });
    return sendJson(response, 404, { error: { code: 404, message: `No route ${method} ${path}`, status: 'NOT_FOUND' } });
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    route(request, response).catch((error: unknown) => {
      logger.warn({ err: error }, 'bot-providers-sandbox request failed');
      if (!response.headersSent) sendJson(response, 400, { error: { code: 400, message: (error as Error).message } });
    });
  });
  logger.info({ url }, 'bot-providers-sandbox listening');
  return {
    url,
    port,
    typebot,
    dialogflow,
    webhooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}
