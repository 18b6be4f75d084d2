import { BranchesOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Select, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useConnectionsQuery } from '../../../shared/api/connection-list.api';
import { useFlowFromQueueMenuMutation } from '../../../shared/api/flows.api';
import { toast } from '../../../shared/notify/notifier';
import { toastError } from '../../../shared/notify/error-popup';

/**
 * "Converter em fluxo" (issue 27): a connection's greeting and its queues' option trees become a
 * new flow that behaves the same (POST /flows/from-queue-menu); the editor opens on it. Attaching
 * the flow to the connection stays the admin's choice (connection dialog).
 */
export function QueueMenuToFlow() {
  const { t } = useTranslation('queues');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const { data: connections } = useConnectionsQuery(undefined, { skip: !open });
  const [convert, converting] = useFlowFromQueueMenuMutation();

  const submit = async () => {
    if (whatsappId === null) return;
    try {
      const flow = await convert({ whatsappId }).unwrap();
      toast.success(t('toFlow.done'));
      setOpen(false);
      void navigate(`/flows/${flow.id}`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <Button icon={<BranchesOutlined />} onClick={() => setOpen(true)} data-testid="queue-menu-to-flow">
        {t('toFlow.button')}
      </Button>
      <Modal
        open={open}
        title={t('toFlow.title')}
        okText={t('toFlow.ok')}
        cancelText={t('cancel', { ns: 'common' })}
        okButtonProps={{ disabled: whatsappId === null, 'data-testid': 'queue-menu-to-flow-submit' } as ButtonProps}
        confirmLoading={converting.isLoading}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('toFlow.explain')}</Typography.Paragraph>
        <Form layout="vertical" component="div">
          <Form.Item label={t('toFlow.connection')}>
            <Select
              value={whatsappId ?? undefined}
              onChange={(id: number) => setWhatsappId(id)}
              options={(connections ?? []).map((connection) => ({ value: connection.id, label: connection.name }))}
              data-testid="queue-menu-to-flow-connection"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
