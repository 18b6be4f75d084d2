import {
  ApiOutlined,
  BranchesOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  MessageOutlined,
  OrderedListOutlined,
  PlayCircleOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  StopOutlined,
  SwapOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import type { FlowNodeType } from '@atrium/contracts';
import type { ComponentType } from 'react';

const ICONS: Record<FlowNodeType, ComponentType> = {
  start: PlayCircleOutlined,
  message: MessageOutlined,
  menu: OrderedListOutlined,
  question: QuestionCircleOutlined,
  condition: BranchesOutlined,
  http: CloudServerOutlined,
  delay: ClockCircleOutlined,
  tag: TagsOutlined,
  transfer: SwapOutlined,
  ai: RobotOutlined,
  integration: ApiOutlined,
  end: StopOutlined,
};

export function FlowNodeIcon({ type }: { type: FlowNodeType }) {
  const Icon = ICONS[type];
  return <Icon />;
}
