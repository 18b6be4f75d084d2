import {
  AppError,
  ErrorCode,
  templateVariables,
  type OutboundTemplate,
  type TemplateComponent,
  type TemplateParameters,
} from '@atrium/contracts';

type FieldError = { field: string; messages: string[] };

/** Positional placeholders (`{{1}}`) are sent as bare values; named ones (`{{order}}`) with their `parameter_name`. */
function textParameter(name: string, text: string): Record<string, unknown> {
  return /^\d+$/.test(name) ? { type: 'text', text } : { type: 'text', parameter_name: name, text };
}

function countError(field: string, wanted: number, given: number): FieldError[] {
  return wanted === given
    ? []
    : [{ field: `template.parameters.${field}`, messages: [`the template takes ${wanted} value(s) here, ${given} given`] }];
}

/**
 * A template's values as Meta's `template` message object takes them (Cloud API "Send message
 * templates": `components` of type header, body and button with their `parameters`), checked
 * against what the template asks for: every placeholder gets exactly one non-empty value.
 */
export function outboundTemplate(
  template: { name: string; language: string; components: readonly TemplateComponent[] },
  parameters: TemplateParameters = {},
): OutboundTemplate {
  const variables = templateVariables(template.components);
  const header = parameters.header ?? [];
  const body = parameters.body ?? [];
  const buttons = parameters.buttons ?? [];
  const errors = [
    ...countError('header', variables.headerMedia ? 1 : variables.header.length, header.length),
    ...countError('body', variables.body.length, body.length),
    ...countError('buttons', variables.buttons.length, buttons.length),
    ...([...header, ...body, ...buttons].some((value) => value.trim() === '')
      ? [{ field: 'template.parameters', messages: ['a value may not be empty'] }]
      : []),
  ];
  if (variables.headerMedia && header[0] !== undefined && !/^https?:\/\/\S+$/.test(header[0]))
    errors.push({ field: 'template.parameters.header', messages: ['a media header takes the link of its file'] });
  if (errors.length > 0) throw new AppError(ErrorCode.ERR_VALIDATION, { fields: errors });

  const components: Array<Record<string, unknown>> = [];
  if (variables.headerMedia) {
    components.push({ type: 'header', parameters: [{ type: variables.headerMedia, [variables.headerMedia]: { link: header[0] } }] });
  } else if (variables.header.length > 0) {
    components.push({ type: 'header', parameters: variables.header.map((name, i) => textParameter(name, header[i]!)) });
  }
  if (variables.body.length > 0) {
    components.push({ type: 'body', parameters: variables.body.map((name, i) => textParameter(name, body[i]!)) });
  }
  variables.buttons.forEach((index, i) => {
    components.push({ type: 'button', sub_type: 'url', index: String(index), parameters: [{ type: 'text', text: buttons[i]! }] });
  });
  return { name: template.name, language: template.language, components };
}
