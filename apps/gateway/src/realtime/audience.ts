import { canSeeTicket, type Actor, type Audience, type PlanFlags } from '@atrium/contracts';

/** Who is behind one socket: the user's current state, with the company's plan flags when known (none known: no flagged event). */
export type SocketViewer = Actor & { planFlags?: PlanFlags };

/**
 * Says whether an audience names this viewer through one of its fields, or `undefined` when the
 * audience does not use that field.
 */
export type AudienceSelector = (audience: Audience, viewer: SocketViewer) => boolean | undefined;

/** True when the audience shuts this viewer out whatever selects it. */
export type AudienceExclusion = (audience: Audience, viewer: SocketViewer) => boolean;

export interface AudienceRules {
  selectors: readonly AudienceSelector[];
  exclusions: readonly AudienceExclusion[];
}

/**
 * The rules of the audience fields the contracts define. `ticket` selects the sockets whose user
 * may see a ticket of that scope (canSeeTicket: admins, the ticket's agent, its queue's members,
 * allTicket users for pending tickets without queue); `exceptTicket` shuts them out (a ticket
 * that left some users' view is announced as deleted to those only).
 */
export const AUDIENCE_RULES: AudienceRules = {
  selectors: [
    (audience, viewer) => audience.userIds?.includes(viewer.userId),
    (audience, viewer) => audience.profiles?.includes(viewer.profile),
    (audience, viewer) => (audience.ticket ? canSeeTicket(viewer, audience.ticket) : undefined),
  ],
  exclusions: [
    (audience, viewer) => audience.exceptSessionIds?.includes(viewer.sessionId) ?? false,
    (audience, viewer) => (audience.exceptTicket ? canSeeTicket(viewer, audience.exceptTicket) : false),
  ],
};

/**
 * Whether a socket may receive an event of its company (or a platform-wide one):
 * - no audience: every socket;
 * - selecting fields (userIds, profiles, ...) are alternatives: a socket named by any of them
 *   receives it; when the audience sets none of them, every socket does (an empty list names nobody);
 * - exclusions (exceptSessionIds, ...) always win.
 */
export function canReceive(audience: Audience | undefined, viewer: SocketViewer, rules: AudienceRules = AUDIENCE_RULES): boolean {
  if (!audience) return true;
  if (rules.exclusions.some((excludes) => excludes(audience, viewer))) return false;
  const answers = rules.selectors.map((selects) => selects(audience, viewer)).filter((answer) => answer !== undefined);
  return answers.length === 0 || answers.includes(true);
}
