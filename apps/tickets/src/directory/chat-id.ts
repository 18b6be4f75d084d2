/** The contact or group a ticket talks to, as a chat id of the outbound contract. */
export function chatIdOf(contact: { number: string | null; lid: string | null; isGroup: boolean }): string | null {
  if (contact.isGroup) return contact.number ? `${contact.number}@g.us` : null;
  if (contact.number) return contact.number;
  return contact.lid ? `${contact.lid}@lid` : null;
}
