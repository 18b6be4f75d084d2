import { Reflector } from '@nestjs/core';
import type { LiveEventKind, PermissionAction, PlanFlag } from '@atrium/contracts';
import type { AccessRule } from '../auth/access-rules.js';
import { REQUIRED_PERMISSION, REQUIRED_PLAN_FLAG, REQUIRED_ROLE, type RequiredRole } from '../auth/decorators.js';

type Controller = abstract new (...args: never[]) => object;

/** The route that reads what an event announces: its controller and handler (the GET the event's list stands for). */
export interface ReadRoute<C extends Controller = Controller> {
  controller: C;
  handler: keyof InstanceType<C> & string;
}

/** Why a live event has no route to follow (its audience names its receivers, or it is never emitted). */
export interface NoRoute {
  reason: string;
}

export function route<C extends Controller>(controller: C, handler: keyof InstanceType<C> & string): ReadRoute {
  return { controller, handler } as ReadRoute;
}

/** The kinds with a fixed name (`company-{id}-<kind>`); the per-record ones (`chat-{id}`, ...) are matched by patterns. */
export type FixedKind = LiveEventKind extends infer K ? (K extends `${string}-${number}` ? never : K) : never;

/** Every fixed kind with the route whose rules decide who hears it (the type makes each kind appear). */
export type LiveEventRoutes = Readonly<Record<FixedKind, ReadRoute | NoRoute>>;

/** Per-record kinds, each following the route of the fixed kind it belongs to. */
export type LiveEventPatterns = ReadonlyArray<{ pattern: RegExp; kind: FixedKind }>;

const reflector = new Reflector();

/** The `@Roles`, `@RequiresPermission` and `@RequiresPlan` of a route, as the guards read them (handler first, then its controller). */
export function accessRuleOf({ controller, handler }: ReadRoute): AccessRule {
  const method = (controller.prototype as Record<string, unknown>)[handler] as () => unknown;
  const targets = [method, controller];
  return {
    role: reflector.getAllAndOverride<RequiredRole | undefined>(REQUIRED_ROLE, targets),
    plan: reflector.getAllAndOverride<PlanFlag | undefined>(REQUIRED_PLAN_FLAG, targets),
    permissions: reflector.getAllAndMerge<PermissionAction[]>(REQUIRED_PERMISSION, targets),
  };
}

/**
 * Who may hear each live event: a socket gets an event only when its user may call the route the
 * event's kind follows (issue 24: an agent, refused on /queueIntegration, heard its events with
 * their n8n URLs). The table is the gateway's (live-events/live-event-routes.ts), given to the
 * realtime module by the app, so realtime imports no API controller.
 */
export class LiveEventAccess {
  private readonly rules = new Map<FixedKind, AccessRule>();

  constructor(
    readonly routes: LiveEventRoutes,
    readonly patterns: LiveEventPatterns,
  ) {}

  /** The fixed kind whose route an event follows, or undefined for a kind the table does not know. */
  kindOf(kind: string): FixedKind | undefined {
    if (Object.hasOwn(this.routes, kind)) return kind as FixedKind;
    return this.patterns.find(({ pattern }) => pattern.test(kind))?.kind;
  }

  /**
   * The rule a live event's receivers must meet: its route's, nothing more for a kind without a
   * route, and `null` (nobody) for a kind the table does not know, so a new event is not heard
   * until someone says who may hear it.
   */
  ruleOf(kind: string): AccessRule | null {
    const fixed = this.kindOf(kind);
    if (fixed === undefined) return null;
    let rule = this.rules.get(fixed);
    if (!rule) {
      const entry = this.routes[fixed];
      rule = 'reason' in entry ? {} : accessRuleOf(entry);
      this.rules.set(fixed, rule);
    }
    return rule;
  }
}
