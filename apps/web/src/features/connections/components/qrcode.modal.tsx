import type { WhatsappSummary, WhatsappView } from '@atrium/contracts';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { useStartSessionMutation } from '../api/connections.api';
import { useLiveSession } from '../hooks/use-live-session.hook';

/** QR size of spec 001 section 9. */
export const QR_SIZE_PX = 256;
const STEPS = ['1', '2', '3', '4'] as const;

export interface QrCodeModalProps {
  companyId: number;
  /** The connection whose QR code to show; null: closed. */
  connection: WhatsappView | null;
  onClose: () => void;
}

/**
 * The QR dialog (spec 001 "Connections"): numbered instructions and the QR code at 256 px, or
 * 'Waiting for QR Code'. Follows live updates and closes on the first one that comes with an empty
 * qrcode (scanned, or the session left the QR stage) — unless it brings a pairing code, which it
 * shows instead, or a pairing code was asked for and the session is still restarting (OPENING). The phone can also pair by a code typed on it (POST /whatsappsession with the number).
 */
export function QrCodeModal({ companyId, connection, onClose }: QrCodeModalProps) {
  const { t } = useTranslation('connections');
  const [byPhone, setByPhone] = useState(false);
  /** A pairing code was asked for: the session restarts (OPENING, no code yet) before the code comes. */
  const awaitingCode = useRef(false);
  const [startSession, starting] = useStartSessionMutation();
  const initial = connection ? { status: connection.status, qrcode: connection.qrcode, pairingCode: connection.pairingCode } : null;
  const session = useLiveSession(companyId, initial, connection?.id ?? null, (update: WhatsappSummary) => {
    if (update.qrcode !== '' || update.pairingCode !== '') return;
    if (awaitingCode.current && update.status === 'OPENING') return;
    close();
  });

  function close() {
    setByPhone(false);
    awaitingCode.current = false;
    onClose();
  }

  const requestCode = async ({ phoneNumber }: { phoneNumber: string }) => {
    if (!connection) return;
    awaitingCode.current = true;
    try {
      await startSession({ id: connection.id, phoneNumber: phoneNumber.replace(/\D/g, '') }).unwrap();
    } catch (error) {
      awaitingCode.current = false;
      toastError(error);
    }
  };

  return (
    <Modal open={connection !== null} title={t('qr.title')} footer={null} onCancel={close} destroyOnHidden width={640}>
      <Flex gap={24} wrap align="center" justify="center">
        <ol className="qr-steps" style={{ flex: '1 1 220px', paddingLeft: 20, margin: 0 }}>
          {STEPS.map((step) => (
            <li key={step} style={{ marginBottom: 8 }}>
              {t(`qr.steps.${step}`)}
            </li>
          ))}
        </ol>
        <Flex vertical align="center" gap={12} style={{ minWidth: QR_SIZE_PX }}>
          {session?.pairingCode ? (
            <>
              <Typography.Text>{t('qr.pairingCode')}</Typography.Text>
              <Typography.Title level={2} copyable style={{ letterSpacing: 4, margin: 0 }} data-testid="pairing-code">
                {session.pairingCode}
              </Typography.Title>
            </>
          ) : session?.qrcode ? (
            <div data-testid="qr-code" data-qr={session.qrcode} style={{ background: '#fff', padding: 8 }}>
              <QRCodeSVG value={session.qrcode} size={QR_SIZE_PX} />
            </div>
          ) : (
            <Typography.Text type="secondary" data-testid="qr-waiting">
              {t('qr.waiting')}
            </Typography.Text>
          )}
          {byPhone ? (
            <Form layout="inline" onFinish={(values: { phoneNumber: string }) => void requestCode(values)} data-testid="pairing-form">
              <Form.Item name="phoneNumber" rules={[{ pattern: /^\+?[\d\s()-]{10,20}$/, required: true, message: t('qr.invalidPhone') }]}>
                <Input placeholder={t('qr.phone')} inputMode="tel" aria-label={t('qr.phone')} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={starting.isLoading}>
                {t('qr.requestCode')}
              </Button>
            </Form>
          ) : (
            <Button type="link" onClick={() => setByPhone(true)} data-testid="pair-by-phone">
              {t('qr.byPhone')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Modal>
  );
}
