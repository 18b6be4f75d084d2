import { createPublicKey, generateKeyPairSync, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';

/** An intent of a sandbox agent: matched when the text contains one of its phrases (any case). */
export interface SandboxIntent {
  displayName: string;
  phrases: string[];
  texts: string[];
  endInteraction?: boolean;
  /** A custom payload message (e.g. `{ "handoff": true }`). */
  payload?: Record<string, unknown>;
}

interface Account {
  clientEmail: string;
  projectId: string;
  publicKey: KeyObject;
}

/** One detectIntent Dialogflow received, for the tests to read back. */
export interface DetectIntentCall {
  project: string;
  session: string;
  text: string;
  languageCode: string;
}

const DEFAULT_INTENTS: SandboxIntent[] = [
  { displayName: 'Default Welcome Intent', phrases: ['olá', 'ola', 'oi', 'hello', 'hi', 'hola'], texts: ['Olá! Como posso ajudar?'] },
  { displayName: 'Horário', phrases: ['horário', 'horario', 'hours', 'abre'], texts: ['Atendemos de segunda a sexta, das 8h às 18h.'] },
  {
    displayName: 'Atendente',
    phrases: ['atendente', 'humano', 'human', 'agente'],
    texts: ['Certo, vou chamar um atendente.'],
    endInteraction: true,
  },
];
const FALLBACK: SandboxIntent = { displayName: 'Default Fallback Intent', phrases: [], texts: ['Desculpe, não entendi.'] };

/**
 * Dialogflow ES's REST surface with Google's OAuth for service accounts: `POST /token` takes a
 * JWT-bearer assertion signed with the account's private key (RS256, `aud` = the token URI) and
 * answers an access token; `POST /v2/projects/{p}/agent/sessions/{s}:detectIntent` needs that
 * token, for an account of project `p`, and matches the text against the project's agent.
 * Service-account key files are created with `POST /_sandbox/dialogflow/service-accounts`.
 */
export class DialogflowSimulator {
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, { clientEmail: string; expiresAt: number }>();
  private readonly agents = new Map<string, SandboxIntent[]>();
  readonly calls: DetectIntentCall[] = [];
  /** Set by the test: the next detectIntent answers this status (e.g. 500). */
  failNext: number[] = [];

  constructor(private readonly baseUrl: () => string) {}

  /** A new key file for `projectId`, as the Google Cloud console downloads it (token_uri pointing here). */
  createServiceAccount(projectId: string): Record<string, string> {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const clientEmail = `atrium-${randomBytes(4).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
    this.accounts.set(clientEmail, {
      clientEmail,
      projectId,
      publicKey: createPublicKey(publicKey.export({ type: 'spki', format: 'pem' })),
    });
    return {
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: String(Date.now()),
      auth_uri: `${this.baseUrl()}/auth`,
      token_uri: `${this.baseUrl()}/token`,
    };
  }

  defineAgent(projectId: string, intents: SandboxIntent[]): void {
    this.agents.set(projectId, intents);
  }

  token(form: URLSearchParams): { status: number; body: unknown } {
    const refuse = (description: string) => ({ status: 400, body: { error: 'invalid_grant', error_description: description } });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    if (!header || !claims || !signature) return refuse('Invalid JWT.');
    let payload: { iss?: string; aud?: string; exp?: number };
    try {
      payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as typeof payload;
    } catch {
      return refuse('Invalid JWT.');
    }
    const account = this.accounts.get(payload.iss ?? '');
    if (!account) return refuse('Invalid grant: account not found');
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), account.publicKey, Buffer.from(signature, 'base64url')))
      return refuse('Invalid JWT Signature.');
    if (payload.aud !== `${this.baseUrl()}/token` || !payload.exp || payload.exp * 1000 < Date.now())
      return refuse('Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.');
    const accessToken = `ya29.${randomUUID()}`;
    this.tokens.set(accessToken, { clientEmail: account.clientEmail, expiresAt: Date.now() + 3600_000 });
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  detectIntent(
    authorization: string | undefined,
    project: string,
    session: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    const grant = this.tokens.get((authorization ?? '').replace(/^Bearer /, ''));
    if (!grant || grant.expiresAt < Date.now())
      return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (this.accounts.get(grant.clientEmail)?.projectId !== project)
      return googleError(403, 'PERMISSION_DENIED', `Permission 'dialogflow.sessions.detectIntent' denied on resource projects/${project}.`);
    const failure = this.failNext.shift();
    if (failure) return googleError(failure, 'INTERNAL', 'Internal error encountered.');
    const text = String((body.queryInput as { text?: { text?: string } } | undefined)?.text?.text ?? '');
    const languageCode = String((body.queryInput as { text?: { languageCode?: string } } | undefined)?.text?.languageCode ?? 'en');
    this.calls.push({ project, session, text, languageCode });
    if (this.calls.length > 1000) this.calls.shift();
    const intents = this.agents.get(project) ?? DEFAULT_INTENTS;
    const intent =
      intents.find((candidate) => candidate.phrases.some((phrase) => text.toLowerCase().includes(phrase.toLowerCase()))) ?? FALLBACK;
    const fulfillmentMessages: unknown[] = intent.texts.map((line) => ({ text: { text: [line] } }));
    if (intent.payload) fulfillmentMessages.push({ payload: intent.payload });
    return {
      status: 200,
      body: {
        responseId: randomUUID(),
        queryResult: {
          queryText: text,
          languageCode,
          allRequiredParamsPresent: true,
          fulfillmentText: intent.texts.join(' '),
          fulfillmentMessages,
          intent: {
            name: `projects/${project}/agent/intents/${randomUUID()}`,
            displayName: intent.displayName,
            ...(intent.endInteraction ? { endInteraction: true } : {}),
          },
          intentDetectionConfidence: intent === FALLBACK ? 1 : 0.9,
        },
      },
    };
  }
}

const googleError = (code: number, status: string, message: string) => ({ status: code, body: { error: { code, message, status } } });
