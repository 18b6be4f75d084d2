import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordFormModal, saveRecord } from '../../../shared/ui/record-form-modal.component';
import { lengthRules } from '../../../shared/ui/validation-rules';
import { useCreateFlowMutation, useFlowQuery, useSaveFlowDraftMutation } from '../../../shared/api/flows.api';

/**
 * Names a new flow (POST /flows, then the editor opens) or renames one: a rename saves the draft
 * as it is with the new name (PUT /flows/{id} takes the whole draft).
 */
export function FlowNameModal({ open, flowId, onClose }: { open: boolean; flowId: number | null; onClose: () => void }) {
  const { t } = useTranslation('flows');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ name: string }>();
  const editing = flowId !== null;
  const { data: flow, isFetching } = useFlowQuery(flowId ?? 0, { skip: !open || !editing, refetchOnMountOrArgChange: true });
  const [createFlow, creating] = useCreateFlowMutation();
  const [saveDraft, saving] = useSaveFlowDraftMutation();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: editing ? (flow?.name ?? '') : '' });
  }, [open, editing, flow, form]);

  const submit = async ({ name }: { name: string }) => {
    if (editing && flow) {
      await saveRecord(
        () => saveDraft({ id: flow.id, name: name.trim(), nodes: flow.nodes, edges: flow.edges }).unwrap(),
        t('toasts.saved'),
        onClose,
      );
      return;
    }
    await saveRecord(
      async () => {
        const created = await createFlow({ name: name.trim() }).unwrap();
        void navigate(`/flows/${created.id}`);
      },
      t('toasts.created'),
      onClose,
    );
  };

  return (
    <RecordFormModal
      open={open}
      title={editing ? t('name.renameTitle') : t('name.addTitle')}
      okText={editing ? t('name.save') : t('name.add')}
      loading={editing && isFetching && !flow}
      saving={creating.isLoading || saving.isLoading}
      onOk={() => form.submit()}
      onClose={onClose}
      testId="flow-name-submit"
    >
      <Form form={form} name="flow-name" layout="vertical" onFinish={(values) => void submit(values)} requiredMark="optional">
        <Form.Item name="name" label={t('name.label')} rules={lengthRules(t, 1, 100)}>
          <Input autoFocus autoComplete="off" data-testid="flow-name-input" />
        </Form.Item>
      </Form>
    </RecordFormModal>
  );
}
