import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useErrorPopup } from '../../../shared/notify/use-error-popup.hook';
import { useFlowQuery } from '../../../shared/api/flows.api';
import { FlowEditor } from './flow-editor.component';
import '@xyflow/react/dist/style.css';
import '../flows.css';

/** /flows/:flowId: the flow's draft on the canvas (a lazily loaded chunk of its own, with react-flow). */
export default function FlowEditorPage() {
  const { t } = useTranslation('flows');
  const flowId = Number(useParams().flowId);
  const { data: flow, error, isLoading } = useFlowQuery(flowId, { skip: !Number.isInteger(flowId), refetchOnMountOrArgChange: true });
  useErrorPopup(error ?? null);
  if (isLoading) return <Skeleton active />;
  if (!flow) return <Alert type="error" showIcon title={t('notFound')} />;
  return <FlowEditor key={flow.id} flow={flow} />;
}
