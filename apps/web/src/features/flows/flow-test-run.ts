import type { FlowContact, FlowGraph, FlowInput, FlowNext, FlowRunState } from '@atrium/contracts';
import { initialFlowState, planFlow } from '@atrium/contracts/ai/flow-plan.js';

/**
 * The test panel's conversation: the draft walked in the browser by the runtime's own planner
 * (planFlow in @atrium/contracts), without WhatsApp. The customer's messages, the flow's answers
 * and what the flow did to the ticket are lines of a chat; timers and HTTP calls wait for the
 * tester to fire them (the panel calls no URL and keeps no timer).
 */
export type TestLine =
  | { from: 'customer'; text: string }
  | { from: 'bot'; text: string; mediaUrl?: string }
  | { from: 'system'; event: 'tag' | 'transfer' | 'close' | 'handToHuman' | 'delegate' | 'end' | 'fail' | 'note'; detail: string };

export interface TestRun {
  state: FlowRunState;
  lines: TestLine[];
  /** What the run waits for: the tester's next move. */
  next: FlowNext;
  /** Variables set by the last step, to highlight. */
  changed: string[];
}

export function startTestRun(): TestRun {
  return { state: initialFlowState(), lines: [], next: { kind: 'wait' }, changed: [] };
}

/** One input to the run (a message, a timer, an HTTP answer): the planner's plan turned into chat lines. */
export function stepTestRun(graph: FlowGraph, run: TestRun, input: FlowInput, contact: FlowContact): TestRun {
  const plan = planFlow(graph, run.state, input, contact);
  const lines: TestLine[] = [...run.lines];
  if (input.kind === 'message') lines.push({ from: 'customer', text: input.text });
  for (const action of plan.actions) {
    switch (action.type) {
      case 'text':
        lines.push({ from: 'bot', text: action.body });
        break;
      case 'media':
        lines.push({ from: 'bot', text: action.caption, mediaUrl: action.url });
        break;
      case 'tag':
        lines.push({ from: 'system', event: 'tag', detail: `+${action.add.join(',')} -${action.remove.join(',')}` });
        break;
      case 'transfer':
        lines.push({ from: 'system', event: 'transfer', detail: String(action.queueId ?? action.userId ?? '') });
        break;
      case 'close':
        lines.push({ from: 'system', event: 'close', detail: '' });
        break;
      case 'note':
        lines.push({ from: 'system', event: 'note', detail: action.body });
        break;
      case 'handToHuman':
        lines.push({ from: 'system', event: 'handToHuman', detail: '' });
        break;
    }
  }
  if (plan.idle) return { ...run, lines, state: plan.state, changed: [] };
  if (plan.next.kind === 'delegate') lines.push({ from: 'system', event: 'delegate', detail: plan.next.text ?? '' });
  if (plan.next.kind === 'end') lines.push({ from: 'system', event: 'end', detail: '' });
  if (plan.next.kind === 'fail') lines.push({ from: 'system', event: 'fail', detail: plan.next.reason });
  const changed = Object.keys(plan.state.variables).filter((name) => plan.state.variables[name] !== run.state.variables[name]);
  return { state: plan.state, lines, next: plan.next, changed };
}

/** The run is over (ended, failed, handed to a bot): only a restart goes on. */
export function testRunOver(run: TestRun): boolean {
  return run.state.waiting === 'finished' || run.state.waiting === 'delegated';
}
