import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, LoadingOutlined, QrcodeOutlined, SignalFilled } from '@ant-design/icons';
import type { WhatsappStatus } from '@atrium/contracts';
import { Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const LOOK: Record<WhatsappStatus, { icon: ReactNode; tooltip: string }> = {
  qrcode: { icon: <QrcodeOutlined />, tooltip: 'qrcode' },
  PAIRING: { icon: <ClockCircleOutlined style={{ color: '#faad14' }} />, tooltip: 'pairing' },
  OPENING: { icon: <LoadingOutlined />, tooltip: 'opening' },
  CONNECTED: { icon: <CheckCircleOutlined style={{ color: '#52c41a' }} />, tooltip: 'connected' },
  DISCONNECTED: { icon: <CloseCircleOutlined style={{ color: '#ff4d4f' }} />, tooltip: 'disconnected' },
  TIMEOUT: { icon: <SignalFilled style={{ color: '#ff4d4f' }} />, tooltip: 'timeout' },
};

/** A connection's status: icon, label, and what to do about it in a tooltip (spec 001 section 4). */
export function ConnectionStatus({ status }: { status: WhatsappStatus }) {
  const { t } = useTranslation('connections');
  const look = LOOK[status];
  return (
    <Tooltip title={t(`tooltips.${look.tooltip}`)}>
      <Space size={6} data-testid={`status-${status}`}>
        {look.icon}
        <span>{t(`status.${status}`)}</span>
      </Space>
    </Tooltip>
  );
}
