import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

/** The OpenAI and Azure Speech sandbox's environment (see README). */
export class OpenAiSandboxConfig {
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  /** OpenAI's API under /v1, Azure Speech under /azure/{region}, test-only calls under /_sandbox. */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8092;
  /** interface the sandbox listens on */
  @IsString() HOST: string = '0.0.0.0';
  /** Most milliseconds a chat answer is delayed at random (0: at once); tests use it to shuffle concurrent answers. */
  @IsInt() @Min(0) @Max(60_000) OPENAI_SANDBOX_MAX_DELAY_MS: number = 0;
  /** Requests remembered for `GET /_sandbox/requests` (the oldest forgotten beyond). */
  @IsInt() @Min(10) OPENAI_SANDBOX_REQUEST_LIMIT: number = 10_000;
}
