import { pad2, zonedParts } from '@atrium/kernel';

export interface VariableContext {
  contactName: string;
  ticketId: number;
  now: Date;
  timeZone: string;
}

/** The greeting of the moment (`ms`), as the original product words it. */
export function greetingOf(hour: number): string {
  if (hour >= 6 && hour <= 11) return 'Bom dia';
  if (hour >= 12 && hour <= 17) return 'Boa tarde';
  if (hour >= 18 && hour <= 23) return 'Boa noite';
  return 'Boa madrugada';
}

/**
 * Fills the spec's message variables (spec 000 section 5) written as `{{name}}`:
 * firstName, name (the contact's), ms (the greeting of the hour), protocol (date, time and the
 * ticket number) and hora (HH:mm:ss). Unknown variables are left as written.
 */
export function fillVariables(body: string, context: VariableContext): string {
  if (!body.includes('{{')) return body;
  const p = zonedParts(context.now, context.timeZone);
  const name = context.contactName.trim();
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    ms: greetingOf(p.hour),
    protocol: `${p.year}${pad2(p.month)}${pad2(p.day)}${pad2(p.hour)}${pad2(p.minute)}${pad2(p.second)}${context.ticketId}`,
    hora: `${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`,
  };
  return body.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A signed message: the agent's name in bold on its own line, then the text. */
export function signed(body: string, agentName: string): string {
  return `*${agentName}:*\n${body}`;
}
