import type { FlowProblem } from '@atrium/contracts';

/**
 * The problems of the shared checks (flowProblems / parseFlowGraph in @atrium/contracts) sorted
 * for the canvas: by node, the form fields to mark, the outputs left unconnected, and whether the
 * node cannot be reached; what belongs to no node (no start node) apart.
 */
export interface NodeMarks {
  /** First segment of the data path (`text`, `options`, `rules`, ...) of each field with a problem. */
  fields: Set<string>;
  /** Outputs not connected: '' is a node's single unnamed output, else the handle id. */
  outputs: Set<string>;
  unreachable: boolean;
}

export interface ProblemMarks {
  byNode: Map<string, NodeMarks>;
  /** Problems of the whole flow (no start node or more than one). */
  flow: FlowProblem[];
  count: number;
}

const DATA_FIELD = /^nodes\.\d+\.data\.([^.]+)/;
const OUTPUT = /^its output(?: "(.+)")? is not connected$/;
const UNREACHABLE = 'cannot be reached from the start';

export function problemMarks(problems: readonly FlowProblem[]): ProblemMarks {
  const byNode = new Map<string, NodeMarks>();
  const flow: FlowProblem[] = [];
  for (const problem of problems) {
    if (!problem.nodeId) {
      flow.push(problem);
      continue;
    }
    const marks = byNode.get(problem.nodeId) ?? { fields: new Set<string>(), outputs: new Set<string>(), unreachable: false };
    byNode.set(problem.nodeId, marks);
    const field = DATA_FIELD.exec(problem.field)?.[1];
    const output = OUTPUT.exec(problem.message);
    if (field) marks.fields.add(field);
    else if (output) marks.outputs.add(output[1] ?? '');
    else if (problem.message === UNREACHABLE) marks.unreachable = true;
    else marks.fields.add('node');
  }
  return { byNode, flow, count: problems.length };
}

export const NO_MARKS: NodeMarks = { fields: new Set(), outputs: new Set(), unreachable: false };
