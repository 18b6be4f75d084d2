/** A colleague that can be named with @ in a private note. */
export interface MentionCandidate {
  id: number;
  name: string;
}

/** The users a note still names: those picked from the list whose `@Name` is in the final text. */
export function mentionedIn(text: string, picked: readonly MentionCandidate[]): number[] {
  return [...new Set(picked.filter((user) => text.includes(`@${user.name}`)).map((user) => user.id))];
}

/** A note's text cut where it names colleagues: plain pieces and `@Name` pieces, for highlighting. */
export function splitMentions(text: string, names: readonly string[]): Array<{ text: string; mention: boolean }> {
  const longestFirst = [...new Set(names)].filter(Boolean).sort((a, b) => b.length - a.length);
  const pieces: Array<{ text: string; mention: boolean }> = [];
  let plain = '';
  for (let at = 0; at < text.length;) {
    const name = text[at] === '@' ? longestFirst.find((candidate) => text.startsWith(candidate, at + 1)) : undefined;
    if (name === undefined) {
      plain += text[at];
      at += 1;
      continue;
    }
    if (plain) pieces.push({ text: plain, mention: false });
    plain = '';
    pieces.push({ text: `@${name}`, mention: true });
    at += name.length + 1;
  }
  if (plain) pieces.push({ text: plain, mention: false });
  return pieces;
}
