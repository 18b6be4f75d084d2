/**
 * WhatsApp message templates of a Cloud API connection (issue 26) without validation decorators:
 * their shapes and the pure rules the web app shares (what a template asks for, its text once
 * filled). The DTOs are in templates.ts.
 */

/** Template statuses as the Graph API names them; only APPROVED ones can be sent. */
export const TEMPLATE_STATUSES = [
  'APPROVED',
  'PENDING',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'DELETED',
  'LIMIT_EXCEEDED',
  'ARCHIVED',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_COMPONENT_TYPES = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const;
export const TEMPLATE_HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
export const TEMPLATE_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'] as const;

/** One button of a BUTTONS component (Meta's shape). */
export interface TemplateButton {
  type: (typeof TEMPLATE_BUTTON_TYPES)[number] | string;
  text: string;
  url?: string;
  phone_number?: string;
}

/** One component of a template as Meta describes it (HEADER, BODY, FOOTER, BUTTONS). */
export interface TemplateComponent {
  type: (typeof TEMPLATE_COMPONENT_TYPES)[number] | string;
  /** HEADER: TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION. */
  format?: string;
  text?: string;
  buttons?: TemplateButton[];
  example?: Record<string, unknown>;
}

/**
 * What a template asks for when sent: the header's variables (a text header's placeholders, or
 * one media link for an IMAGE/VIDEO/DOCUMENT header), the body's, and one per URL button whose
 * address ends in a placeholder. Names are the placeholders' (`1`, `2`, … or named ones).
 */
export interface TemplateVariables {
  header: string[];
  /** IMAGE, VIDEO or DOCUMENT: the header takes one link to the file instead of text variables. */
  headerMedia: 'image' | 'video' | 'document' | null;
  body: string[];
  /** The index (among the template's buttons) of each URL button with a variable suffix. */
  buttons: number[];
}

/** A template of a connection as `GET /whatsapp/{id}/templates` lists it. */
export interface WhatsappTemplateView {
  id: number;
  whatsappId: number;
  /** Meta's template id. */
  metaId: string;
  name: string;
  language: string;
  category: string;
  status: TemplateStatus | string;
  /** Meta's quality score (GREEN, YELLOW, RED, UNKNOWN); null until Meta rated it. */
  quality: string | null;
  /** Why Meta rejected or paused it (e.g. INVALID_FORMAT); null otherwise. */
  reason: string | null;
  components: TemplateComponent[];
  variables: TemplateVariables;
  updatedAt: string;
}

const PLACEHOLDER = /\{\{\s*([a-z0-9_]+)\s*\}\}/g;

/** The distinct placeholders of a text, in order of first appearance. */
export function placeholdersOf(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** What a template's components ask for when it is sent. */
export function templateVariables(components: readonly TemplateComponent[]): TemplateVariables {
  const header = components.find((component) => component.type === 'HEADER');
  const body = components.find((component) => component.type === 'BODY');
  const buttons = components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
  const format = header?.format?.toUpperCase();
  const headerMedia = format === 'IMAGE' ? 'image' : format === 'VIDEO' ? 'video' : format === 'DOCUMENT' ? 'document' : null;
  return {
    header: header && (format === undefined || format === 'TEXT') ? placeholdersOf(header.text) : [],
    headerMedia,
    body: placeholdersOf(body?.text),
    buttons: buttons.flatMap((button, index) => (button.type === 'URL' && placeholdersOf(button.url).length > 0 ? [index] : [])),
  };
}

/** A text with its placeholders replaced by their values (a missing value leaves the placeholder). */
export function fillPlaceholders(text: string, names: readonly string[], values: readonly string[] | undefined): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const at = names.indexOf(name);
    return at >= 0 && values?.[at] !== undefined ? values[at]! : whole;
  });
}

/** The template's header, body and footer as the customer reads them once its variables are filled. */
export function templateText(components: readonly TemplateComponent[], parameters: TemplateParameters = {}): string {
  const variables = templateVariables(components);
  const part = (type: string) => components.find((component) => component.type === type)?.text;
  const header = part('HEADER');
  const body = part('BODY');
  const footer = part('FOOTER');
  return [
    header && !variables.headerMedia ? `*${fillPlaceholders(header, variables.header, parameters.header)}*` : undefined,
    body ? fillPlaceholders(body, variables.body, parameters.body) : undefined,
    footer,
  ]
    .filter((line): line is string => Boolean(line))
    .join('\n\n');
}

/** The values of a template's variables, in the order `templateVariables` names them. */
export interface TemplateParameters {
  /** A text header's values, or one link for a media header. */
  header?: string[];
  body?: string[];
  /** One per URL button with a variable, in the buttons' order. */
  buttons?: string[];
}
