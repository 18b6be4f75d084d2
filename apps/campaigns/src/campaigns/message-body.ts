import type { CampaignVariable, TemplateSend } from '@atrium/contracts';

/** Who a shipping goes to, as its variables read it. */
export interface Recipient {
  name: string;
  number: string;
  email: string | null;
}

/**
 * A campaign message with its variables filled (spec 001 "Variables hint"): {nome}, {numero},
 * {email} and the company's custom variables ({shortcut} → content). Unknown braces stay as written.
 */
export function fillCampaignVariables(text: string, recipient: Recipient, variables: readonly CampaignVariable[]): string {
  const values = new Map<string, string>(variables.map((variable) => [variable.key, variable.value]));
  values.set('nome', recipient.name);
  values.set('numero', recipient.number);
  values.set('email', recipient.email ?? '');
  return text.replace(/\{([\p{L}\p{N}_-]{1,50})\}/gu, (whole, key: string) => values.get(key) ?? whole);
}

/** Meta refuses an empty parameter: a value whose variables filled to nothing (a recipient without an email) is sent as a dash. */
export function filledTemplate(template: TemplateSend, fill: (value: string) => string): TemplateSend {
  const values = (list?: string[]) => list?.map((value) => fill(value).trim() || '-');
  const { parameters } = template;
  return {
    name: template.name,
    language: template.language,
    parameters: parameters && { header: values(parameters.header), body: values(parameters.body), buttons: values(parameters.buttons) },
  };
}
