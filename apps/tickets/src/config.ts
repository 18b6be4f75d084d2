import { EnvBoolean, ServiceConfig } from '@atrium/config';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';

export class TicketsConfig extends ServiceConfig {
  /** HTTP port of /health/live and /health/ready */
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8082;

  /** Consume the sessions' durable INBOUND stream (off only for tools that must not take its messages). */
  @EnvBoolean() INBOUND_ENABLED: boolean = true;
  /** Name of the durable JetStream consumer every tickets replica shares. */
  @IsString() @Matches(/^[A-Za-z0-9_-]{1,64}$/) INBOUND_CONSUMER: string = 'tickets';
  /** Inbound events handled at once by one replica. */
  @IsInt() @Min(1) @Max(256) INBOUND_CONCURRENCY: number = 16;
  /** Seconds JetStream waits for an acknowledgement before redelivering an event. */
  @IsInt() @Min(1) @Max(3600) INBOUND_ACK_WAIT_SECONDS: number = 30;

  /** Time zone of the message variables `hora`, `ms` and `protocol`, and of the date filters. */
  @IsString() @Matches(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/) TIME_ZONE: string = 'America/Sao_Paulo';
}
