import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

/** The bot providers sandbox's environment (see README). */
export class BotProvidersSandboxConfig {
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  /** Typebot's chat API (`/api/v1`), Dialogflow's REST API (`/v2`, `/token`), webhook receivers (`/webhook/{name}`), test-only calls (`/_sandbox`). */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8093;
  /** interface the sandbox listens on */
  @IsString() HOST: string = '0.0.0.0';
}
