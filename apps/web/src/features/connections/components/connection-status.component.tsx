import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  LoadingOutlined,
  QrcodeOutlined,
  SignalFilled,
} from '@ant-design/icons';
import type { SessionStatusReason, WhatsappStatus } from '@atrium/contracts';
import { Space, Tooltip, Typography } from 'antd';
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

export interface ConnectionStatusProps {
  status: WhatsappStatus;
  /** Why the session is not connected (shown under the status, except once it is connected or showing a code). */
  reason?: SessionStatusReason | null;
  /** The connection's id, naming the reason for tests. */
  id?: number;
}

const SHOWS_REASON: readonly WhatsappStatus[] = ['DISCONNECTED', 'TIMEOUT', 'OPENING'];

/** A connection's status: icon, label, why it is not connected, and what to do about it in a tooltip (spec 001 section 4). */
export function ConnectionStatus({ status, reason, id }: ConnectionStatusProps) {
  const { t } = useTranslation('connections');
  const look = LOOK[status];
  const shownReason = reason && SHOWS_REASON.includes(status) ? reason : null;
  return (
    <Tooltip title={t(`tooltips.${look.tooltip}`)}>
      <Space size={0} direction="vertical" align="center">
        <Space size={6} data-testid={`status-${status}`}>
          {look.icon}
          <span>{t(`status.${status}`)}</span>
        </Space>
        {shownReason && (
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12 }}
            data-testid={id === undefined ? 'status-reason' : `status-reason-${id}`}
          >
            {t(`reasons.${shownReason}`)}
          </Typography.Text>
        )}
      </Space>
    </Tooltip>
  );
}
