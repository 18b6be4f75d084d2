import type { PlanFlag, PlanView } from '@atrium/contracts';
import { PLAN_FLAGS } from '@atrium/contracts/actor.js';

export { PLAN_FLAGS };

/** Plan defaults (spec 001 section 9): every feature enabled, 0 for the limits and the value. */
export function defaultPlan(): Omit<PlanView, 'id'> {
  return {
    name: '',
    users: 0,
    connections: 0,
    queues: 0,
    value: 0,
    ...(Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as Record<PlanFlag, boolean>),
  };
}
