import { DevelopmentDefault, MediaStorageConfig } from '@atrium/config';
import { IsInt, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';

/** The ai service's variables; it reads customers' voice notes from, and writes synthesised answers to, the media store. */
export class AiConfig extends MediaStorageConfig {
  /** HTTP port of /health/live and /health/ready */
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8086;

  /** Key (32 bytes or more) the prompts' and integrations' secrets are encrypted with (AES-256-GCM); the development default is refused in production. */
  @IsString() @MinLength(32) @DevelopmentDefault() AI_SECRETS_KEY: string = 'dev-only-ai-secrets-key-change-me-0123456789';

  /** Base URL of the OpenAI-compatible API (chat completions, transcriptions): any compatible endpoint, a self-hosted model, or the local stand-in. */
  @IsString() @Matches(/^https?:\/\/\S+$/) OPENAI_BASE_URL: string = 'https://api.openai.com/v1';
  /** Chat model the prompts run on. */
  @IsString() @MinLength(1) OPENAI_MODEL: string = 'gpt-4o-mini';
  /** Model that transcribes customers' voice notes. */
  @IsString() @MinLength(1) OPENAI_TRANSCRIPTION_MODEL: string = 'whisper-1';
  /** Azure Speech text-to-speech base URL; `{region}` becomes the prompt's voiceRegion. */
  @IsString() @Matches(/^https?:\/\/\S+$/) AZURE_SPEECH_URL: string = 'https://{region}.tts.speech.microsoft.com';

  /** Milliseconds one call to a provider may take before it counts as failed. */
  @IsInt() @Min(100) @Max(300_000) BOT_PROVIDER_TIMEOUT_MS: number = 20_000;
  /** Further attempts after a provider's failure (server errors, timeouts, network) before the ticket goes to a human. */
  @IsInt() @Min(0) @Max(10) BOT_PROVIDER_RETRIES: number = 2;
  /** First retry delay in ms (doubled at each further attempt). */
  @IsInt() @Min(0) @Max(60_000) BOT_RETRY_BACKOFF_MS: number = 500;
  /** Consecutive failures of one prompt or integration that open its circuit (calls fail at once, tickets go to humans). */
  @IsInt() @Min(1) @Max(1000) BOT_BREAKER_THRESHOLD: number = 5;
  /** Milliseconds an open circuit stays open before one call is tried again. */
  @IsInt() @Min(100) @Max(3_600_000) BOT_BREAKER_COOLDOWN_MS: number = 30_000;
  /** Tickets whose turns one replica runs at once (each ticket's turns stay one at a time, in order). */
  @IsInt() @Min(1) @Max(1000) BOT_CONCURRENCY: number = 32;
  /** A bot turn's lease in ms: a killed replica's turn (a flow's walk among them) is run by another after at most this. */
  @IsInt() @Min(1_000) @Max(600_000) BOT_TURN_LEASE_MS: number = 60_000;

  /** Dialogflow ES REST API base URL (a local stand-in in tests and the demo). */
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }) DIALOGFLOW_API_URL: string =
    'https://dialogflow.googleapis.com';
  /**
   * Hosts (`host` or `host:port`, comma-separated) the queue integrations may reach although they are
   * private or local: the SSRF guard refuses any other integration URL (n8n/webhook and Typebot
   * `urlN8N`, a Dialogflow key file's `token_uri`) that is not http(s) or that is, or resolves to, a
   * loopback, private, link-local or reserved address. Empty in production unless a receiver runs
   * inside the private network on purpose; the tests and the `npm start` demo name the local stand-in.
   */
  @IsString() @Matches(/^\s*(?:[\w.\-[\]:]+(?:\s*,\s*[\w.\-[\]:]+)*)?\s*$/) INTEGRATION_URL_ALLOWLIST: string = '';
  /** Longest wait for one call to an outside provider from the integrations page's test session. */
  @IsInt() @Min(100) @Max(120_000) INTEGRATION_TEST_TIMEOUT_MS: number = 10_000;
}
