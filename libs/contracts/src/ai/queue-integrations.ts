import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Length, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../paging.js';
import { trimmed } from '../transforms.js';

// ---- queue integrations (apps/ai/src/integrations; spec 001 "Queue integrations", /queueIntegration calls) ----

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type DialogflowLanguage = (typeof DIALOGFLOW_LANGUAGES)[number];

/** The longest service-account JSON accepted (Google's are about 2.4 kB). */
export const JSON_CONTENT_MAX = 20_000;

/** '' (an empty form field) means "not set". */
const emptyToNull = ({ value }: { value: unknown }): unknown => {
  const text = trimmed({ value });
  return text === '' ? null : text;
};

const isType =
  (...types: QueueIntegrationType[]) =>
  (dto: { type?: string }): boolean =>
    types.includes(dto.type as QueueIntegrationType);

const notNull = (_: object, value: unknown): boolean => value !== null;

const URL_RULE = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * `POST /queueIntegration` and `PUT /queueIntegration/{id}`: name 2-50 and a type with its own
 * required fields: dialogflow (projectName, jsonContent, language), n8n and webhook (urlN8N, where
 * each customer message is POSTed), typebot (urlN8N: the Typebot server, typebotSlug: the bot's
 * public id). On update, a jsonContent left out or equal to SECRET_MASK keeps the stored one.
 */
export class QueueIntegrationDto {
  @IsIn(QUEUE_INTEGRATION_TYPES) type!: QueueIntegrationType;
  @Transform(trimmed) @IsString() @Length(2, 50) name!: string;

  @ValidateIf(isType('dialogflow')) @Transform(emptyToNull) @IsString() @Length(1, 100) projectName?: string | null;
  @IsOptional() @Transform(emptyToNull) @ValidateIf(notNull) @IsString() @MaxLength(JSON_CONTENT_MAX) jsonContent?: string | null;
  @ValidateIf(isType('dialogflow')) @IsIn(DIALOGFLOW_LANGUAGES) language?: DialogflowLanguage | null;

  @ValidateIf(isType('n8n', 'webhook', 'typebot')) @Transform(emptyToNull) @IsString() @MaxLength(500) @IsUrl(URL_RULE) urlN8N?:
    string | null;

  @ValidateIf(isType('typebot')) @Transform(emptyToNull) @IsString() @Length(1, 200) typebotSlug?: string | null;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(10_080) typebotExpires?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(60_000) typebotDelayMessage?: number;
  @IsOptional() @Transform(emptyToNull) @ValidateIf(notNull) @IsString() @MaxLength(100) typebotKeywordFinish?: string | null;
  @IsOptional() @Transform(emptyToNull) @ValidateIf(notNull) @IsString() @MaxLength(100) typebotKeywordRestart?: string | null;
  @IsOptional() @Transform(emptyToNull) @ValidateIf(notNull) @IsString() @MaxLength(2000) typebotRestartMessage?: string | null;
  @IsOptional() @Transform(emptyToNull) @ValidateIf(notNull) @IsString() @MaxLength(2000) typebotUnknownMessage?: string | null;
}

/** `GET /queueIntegration`: searchParam (matched in the name) and pageNumber. */
export class QueueIntegrationsQueryDto extends PageQueryDto {}

/** `POST /queueIntegration/testSession`: a Dialogflow test query with credentials not stored yet. */
export class QueueIntegrationTestSessionDto {
  @Transform(trimmed) @IsString() @Length(1, 100) projectName!: string;
  @IsString() @Length(2, JSON_CONTENT_MAX) jsonContent!: string;
  @IsIn(DIALOGFLOW_LANGUAGES) language!: DialogflowLanguage;
}

export interface QueueIntegrationView {
  id: number;
  companyId: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string | null;
  /** SECRET_MASK when a service-account JSON is stored, else null: never the JSON itself. */
  jsonContent: string | null;
  language: DialogflowLanguage | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotRestartMessage: string | null;
  typebotUnknownMessage: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface QueueIntegrationsPageView {
  queueIntegrations: QueueIntegrationView[];
  count: number;
  hasMore: boolean;
}

/** What Dialogflow answered to the test query ("Olá"). */
export interface QueueIntegrationTestSessionView {
  queryText: string;
  intent: string | null;
  fulfillmentTexts: string[];
  endInteraction: boolean;
}

/** `company-{id}-queueIntegration` ("Live lists"). */
export type QueueIntegrationEventPayload =
  { action: 'create' | 'update'; queueIntegration: QueueIntegrationView } | { action: 'delete'; integrationId: number };
