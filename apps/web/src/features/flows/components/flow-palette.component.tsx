import type { FlowNodeType } from '@atrium/contracts';
import { FLOW_NODE_TYPES } from '@atrium/contracts/ai/flow-types.js';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowNodeIcon } from './flow-node-icon.component';

/** The types a palette offers: every node type but start (a flow has one, there from the first draft). */
export const PALETTE_TYPES = FLOW_NODE_TYPES.filter((type) => type !== 'start');

/** The data transfer type of a node dragged from the palette onto the canvas. */
export const PALETTE_DRAG_TYPE = 'application/x-atrium-flow-node';

/** The node types: a click adds one in the middle of the view, a drag drops one where it lands. */
export function FlowPalette({ onAdd }: { onAdd: (type: FlowNodeType) => void }) {
  const { t } = useTranslation('flows');
  return (
    <div className="flow-palette" data-testid="flow-palette">
      {PALETTE_TYPES.map((type) => (
        <Tooltip key={type} title={t(`typeHints.${type}`)} placement="right">
          <Button
            block
            icon={<FlowNodeIcon type={type} />}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(PALETTE_DRAG_TYPE, type);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onClick={() => onAdd(type)}
            data-testid={`flow-palette-${type}`}
          >
            {t(`types.${type}`)}
          </Button>
        </Tooltip>
      ))}
    </div>
  );
}
