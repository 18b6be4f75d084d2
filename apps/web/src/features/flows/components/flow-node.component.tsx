import type { FlowNode, FlowNodeType } from '@atrium/contracts';
import { flowHandlesOf } from '@atrium/contracts/ai/flow-graph.js';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_MARKS, type ProblemMarks } from '../flow-problem-marks';
import type { EditorNode } from '../hooks/use-flow-editor.hook';
import { FlowNodeIcon } from './flow-node-icon.component';

/** The problems of the graph as the canvas shows them (flow-problem-marks.ts). */
export const ProblemMarksContext = createContext<ProblemMarks>({ byNode: new Map(), flow: [], count: 0 });

/** One line saying what the node does, in the node's card. */
function summaryOf(node: FlowNode): string {
  switch (node.type) {
    case 'message':
    case 'menu':
    case 'question':
      return node.data.text;
    case 'start':
      return node.data.trigger === 'keyword' ? (node.data.keywords ?? []).join(', ') : '';
    case 'http':
      return `${node.data.method} ${node.data.url}`;
    case 'delay':
      return `${node.data.seconds ?? ''}s`;
    case 'end':
      return node.data.text ?? '';
    default:
      return '';
  }
}

/** The label beside each output of a branching node. */
function useOutputLabel(node: FlowNode): (handle: string | null) => string {
  const { t } = useTranslation('flows');
  return (handle) => {
    if (handle === null) return '';
    if (node.type === 'menu') {
      const index = node.data.options.findIndex((option) => option.id === handle);
      const label = node.data.options[index]?.label ?? '';
      return `${index + 1}. ${label}`;
    }
    return t(`handles.${handle}`);
  };
}

/**
 * A node on the canvas: its type, a summary, an input on the left (not the start node) and its
 * outputs on the right, named as the API names them. Problems show in red: the node's border for
 * its fields, each unconnected output, and a dashed, faded card when the start cannot reach it.
 */
export function FlowNodeCard({ id, type, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation('flows');
  const node = { id, type, data, position: { x: 0, y: 0 } } as unknown as FlowNode;
  const marks = useContext(ProblemMarksContext).byNode.get(id) ?? NO_MARKS;
  const outputs = flowHandlesOf(node);
  const outputLabel = useOutputLabel(node);
  const summary = summaryOf(node);
  const classes = ['flow-node', `flow-node-${type}`];
  if (selected) classes.push('flow-node-selected');
  if (marks.fields.size > 0) classes.push('flow-node-invalid');
  if (marks.unreachable) classes.push('flow-node-unreachable');
  return (
    <div
      className={classes.join(' ')}
      data-testid={`flow-node-${id}`}
      data-node-type={type}
      data-invalid-fields={[...marks.fields].join(' ')}
      data-unconnected={[...marks.outputs].map((handle) => handle || 'out').join(' ')}
      data-unreachable={marks.unreachable ? 'true' : 'false'}
    >
      {type !== 'start' ? <Handle type="target" position={Position.Left} className="flow-handle-in" /> : null}
      <div className="flow-node-title">
        <FlowNodeIcon type={type as FlowNodeType} />
        <span>{t(`types.${type}`)}</span>
      </div>
      {summary ? <div className="flow-node-summary">{summary}</div> : null}
      {marks.unreachable ? <div className="flow-node-note">{t('problems.unreachable')}</div> : null}
      {outputs.length > 0 ? (
        <div className="flow-node-outputs">
          {outputs.map((handle) => {
            const unconnected = marks.outputs.has(handle ?? '');
            return (
              <div key={handle ?? 'out'} className="flow-node-output">
                <span>{outputLabel(handle)}</span>
                <Handle
                  type="source"
                  position={Position.Right}
                  id={handle ?? undefined}
                  className={unconnected ? 'flow-handle-out flow-handle-unconnected' : 'flow-handle-out'}
                  data-testid={`flow-handle-${id}-${handle ?? 'out'}`}
                />
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
