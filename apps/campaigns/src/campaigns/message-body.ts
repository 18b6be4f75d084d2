import type { CampaignVariable } from '@atrium/contracts';

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
