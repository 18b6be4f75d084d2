import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { optionalId, trimmed } from '../transforms.js';
import { PROMPT_QUEUE_REQUIRED, PROMPT_VOICES, type PromptVoice } from './prompt-constants.js';

// ---- prompts (apps/ai/src/prompts; spec 001 "AI prompts", the Prompt entity, `/prompt` calls) ----

export * from './prompt-constants.js';

/** `POST /prompt`. Secrets are write-only: sent here, stored encrypted, shown as SECRET_MASK. */
export class PromptDto {
  @Transform(trimmed) @IsString() @Length(1, 100) name!: string;
  @IsString() @Length(1, 20_000) prompt!: string;
  @Transform(optionalId) @IsInt({ message: PROMPT_QUEUE_REQUIRED }) @Min(1, { message: PROMPT_QUEUE_REQUIRED }) queueId!: number;
  @Transform(trimmed) @IsString() @Length(1, 500) apiKey!: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(16_384) maxTokens?: number;
  @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(2) temperature?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) maxMessages?: number;
  @IsOptional() @IsIn(PROMPT_VOICES) voice?: PromptVoice;
  @IsOptional() @Transform(trimmed) @IsString() @MaxLength(500) voiceKey?: string;
  @IsOptional() @Transform(trimmed) @IsString() @MaxLength(50) voiceRegion?: string;
}

/** `PUT /prompt/{id}`: the same fields, each optional; a secret left out, '' or SECRET_MASK keeps the stored one. */
export class UpdatePromptDto {
  @IsOptional() @Transform(trimmed) @IsString() @Length(1, 100) name?: string;
  @IsOptional() @IsString() @Length(1, 20_000) prompt?: string;
  @IsOptional()
  @Transform(optionalId)
  @IsInt({ message: PROMPT_QUEUE_REQUIRED })
  @Min(1, { message: PROMPT_QUEUE_REQUIRED })
  queueId?: number;
  @IsOptional() @Transform(trimmed) @IsString() @MaxLength(500) apiKey?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(16_384) maxTokens?: number;
  @IsOptional() @Type(() => Number) @IsNumber() @Min(0) @Max(2) temperature?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) maxMessages?: number;
  @IsOptional() @IsIn(PROMPT_VOICES) voice?: PromptVoice;
  @IsOptional() @Transform(trimmed) @IsString() @MaxLength(500) voiceKey?: string;
  @IsOptional() @Transform(trimmed) @IsString() @MaxLength(50) voiceRegion?: string;
}

export interface PromptView {
  id: number;
  name: string;
  prompt: string;
  /** SECRET_MASK when a key is stored, '' otherwise: never the key. */
  apiKey: string;
  queueId: number;
  /** The queue's name (spec: "list with the queue's name"). */
  queue: { id: number; name: string } | null;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: string;
  /** SECRET_MASK when a voice key is stored, '' otherwise. */
  voiceKey: string;
  voiceRegion: string;
  createdAt: string;
  updatedAt: string;
}

/** `GET /prompt`. */
export interface PromptsListView {
  prompts: PromptView[];
}

/** `company-{id}-prompt` (spec 001 "Live lists"). */
export type PromptEventPayload = { action: 'create' | 'update'; prompt: PromptView } | { action: 'delete'; promptId: number };

/** `ai.references.missing`: ids of the ai service's records (stored by queues and connections). */
export class AiReferencesDto {
  @IsOptional() @Type(() => Number) @IsInt({ each: true }) @Min(1, { each: true }) @Max(2_147_483_647, { each: true }) promptIds?: number[];
  @IsOptional()
  @Type(() => Number)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  integrationIds?: number[];
  @IsOptional()
  @Type(() => Number)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  flowIds?: number[];
}
