import type { WhatsappView } from '@atrium/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SessionActionsProps {
  connection: WhatsappView;
  onShowQr(connection: WhatsappView): void;
  onTryAgain(connection: WhatsappView): void;
  onNewQr(connection: WhatsappView): void;
  onDisconnect(connection: WhatsappView): void;
}

/**
 * The session buttons a status allows (spec 001 section 4): qrcode → QR CODE; DISCONNECTED → try
 * again or new QR; CONNECTED and PAIRING → disconnect; TIMEOUT → try again or disconnect (a
 * timed-out attempt can be retried at once, issue 24); OPENING → a disabled 'connecting' button
 * with a spinner.
 */
export function SessionActions({ connection, onShowQr, onTryAgain, onNewQr, onDisconnect }: SessionActionsProps) {
  const { t } = useTranslation('connections');
  const id = connection.id;
  switch (connection.status) {
    case 'qrcode':
      return (
        <Button size="small" type="primary" onClick={() => onShowQr(connection)} data-testid={`show-qr-${id}`}>
          {t('buttons.qrcode')}
        </Button>
      );
    case 'DISCONNECTED':
      return (
        <Space size={6} wrap>
          <Button size="small" type="primary" onClick={() => onTryAgain(connection)} data-testid={`try-again-${id}`}>
            {t('buttons.tryAgain')}
          </Button>
          <Button size="small" onClick={() => onNewQr(connection)} data-testid={`new-qr-${id}`}>
            {t('buttons.newQr')}
          </Button>
        </Space>
      );
    case 'TIMEOUT':
      return (
        <Space size={6} wrap>
          <Button size="small" type="primary" onClick={() => onTryAgain(connection)} data-testid={`try-again-${id}`}>
            {t('buttons.tryAgain')}
          </Button>
          <Button size="small" danger onClick={() => onDisconnect(connection)} data-testid={`disconnect-${id}`}>
            {t('buttons.disconnect')}
          </Button>
        </Space>
      );
    case 'CONNECTED':
    case 'PAIRING':
      return (
        <Button size="small" danger onClick={() => onDisconnect(connection)} data-testid={`disconnect-${id}`}>
          {t('buttons.disconnect')}
        </Button>
      );
    case 'OPENING':
      return (
        <Button size="small" disabled loading data-testid={`connecting-${id}`}>
          {t('buttons.connecting')}
        </Button>
      );
  }
}
