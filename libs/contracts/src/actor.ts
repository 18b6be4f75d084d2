export const PROFILES = ['admin', 'user', 'supervisor'] as const;
export type Profile = (typeof PROFILES)[number];

/** 'desabled' is the spelling existing clients send and expect (spec 000 section 3). */
export const ALL_TICKET_VALUES = ['enabled', 'desabled'] as const;
export type AllTicket = (typeof ALL_TICKET_VALUES)[number];

/**
 * Who acts. The gateway builds it from the verified token and the user's current state, never
 * from the browser, and every NATS request made on a user's behalf carries it.
 */
export interface Actor {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  queueIds: number[];
  allTicket: AllTicket;
  sessionId: string;
}

/** What the gateway needs per request to authorise a user, kept fresh by identity in Redis. */
export interface ActorState extends Actor {
  /** Plan flags of the user's company, for the plan-flag guard. */
  planFlags: PlanFlags;
}

export const PLAN_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];
export type PlanFlags = Record<PlanFlag, boolean>;

/** Redis key under which identity keeps the live state of a user's one active session. */
export function actorStateKey(redisPrefix: string, userId: number): string {
  return `${redisPrefix}actor:${userId}`;
}

export function isAdmin(actor: Pick<Actor, 'profile' | 'super'>): boolean {
  return actor.profile === 'admin' || actor.super;
}
