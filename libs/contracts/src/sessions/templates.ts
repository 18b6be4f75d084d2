import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  TEMPLATE_BUTTON_TYPES,
  TEMPLATE_CATEGORIES,
  TEMPLATE_COMPONENT_TYPES,
  TEMPLATE_HEADER_FORMATS,
  type TemplateButton,
  type TemplateCategory,
  type TemplateComponent,
  type TemplateParameters,
} from './template-text.js';

export * from './template-text.js';

/**
 * WhatsApp message templates of a Cloud API connection (issue 26): kept by the sessions service
 * from its WhatsApp Business Account (GET/POST `/{waba-id}/message_templates`, the
 * `message_template_status_update` webhook), sent outside the customer-service window with their
 * variables filled. Components keep Meta's documented shape.
 */

const VALUES = { each: true } as const;

export class TemplateParametersDto implements TemplateParameters {
  @IsOptional() @IsArray() @ArrayMaxSize(10) @IsString(VALUES) @MaxLength(2000, VALUES) header?: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsString(VALUES) @MaxLength(32_768, VALUES) body?: string[];
  @IsOptional() @IsArray() @ArrayMaxSize(10) @IsString(VALUES) @MaxLength(2000, VALUES) buttons?: string[];
}

/** Meta's template names: lowercase letters, digits and underscores. */
export const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
/** A language code as Meta lists them (`pt_BR`, `en_US`, `es`). */
export const TEMPLATE_LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

/** A template to send: which one (name and language) and its variables' values. */
export interface TemplateSend {
  name: string;
  language: string;
  parameters?: TemplateParameters;
}

/** A template to send: which one (name and language) and its variables' values. */
export class TemplateSendDto implements TemplateSend {
  @IsString() @Matches(TEMPLATE_NAME) name!: string;
  @IsString() @Matches(TEMPLATE_LANGUAGE) language!: string;
  @IsOptional() @ValidateNested() @Type(() => TemplateParametersDto) parameters?: TemplateParametersDto;
}

export class TemplateButtonDto implements TemplateButton {
  @IsIn(TEMPLATE_BUTTON_TYPES) type!: (typeof TEMPLATE_BUTTON_TYPES)[number];
  @IsString() @Length(1, 25) text!: string;
  @IsOptional() @IsString() @MaxLength(2000) url?: string;
  @IsOptional() @IsString() @Matches(/^\+?\d{5,20}$/) phone_number?: string;
}

export class TemplateComponentDto implements TemplateComponent {
  @IsIn(TEMPLATE_COMPONENT_TYPES) type!: (typeof TEMPLATE_COMPONENT_TYPES)[number];
  @IsOptional() @IsIn(TEMPLATE_HEADER_FORMATS) format?: (typeof TEMPLATE_HEADER_FORMATS)[number];
  @IsOptional() @IsString() @Length(1, 1024) text?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(10) @ValidateNested({ each: true }) @Type(() => TemplateButtonDto) buttons?: TemplateButtonDto[];
  /** Sample values Meta's reviewers read (`header_text`, `body_text`, `header_handle`), as Meta documents them. */
  @IsOptional() @IsObject() example?: Record<string, unknown>;
}

/** `POST /whatsapp/{id}/templates`: a template submitted to Meta for approval. */
export class CreateTemplateDto {
  @IsString() @Matches(TEMPLATE_NAME) name!: string;
  @IsString() @Matches(TEMPLATE_LANGUAGE) language!: string;
  @IsIn(TEMPLATE_CATEGORIES) category!: TemplateCategory;
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @ValidateNested({ each: true })
  @Type(() => TemplateComponentDto)
  components!: TemplateComponentDto[];
}

/** A template's send as the channel takes it (OutboundTemplateDto of a `sendTemplate` command): Meta's `template` object, filled. */
export interface OutboundTemplate {
  name: string;
  /** Language code, e.g. `pt_BR`. */
  language: string;
  components: Array<Record<string, unknown>>;
}

/** `sessions.templates.render`: a connection's approved template with these values, ready to send. Asked without an actor. */
export class TemplateRenderDto {
  @Type(() => Number) @IsInt() @Min(1) companyId!: number;
  @Type(() => Number) @IsInt() @Min(1) whatsappId!: number;
  @ValidateNested() @Type(() => TemplateSendDto) template!: TemplateSendDto;
}

/** What `render` answers: the text the conversation shows, and Meta's template object to send. */
export interface RenderedTemplate {
  text: string;
  template: OutboundTemplate;
}
