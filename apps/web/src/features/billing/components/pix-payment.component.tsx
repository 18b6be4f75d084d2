import { CheckCircleTwoTone, CopyOutlined } from '@ant-design/icons';
import type { PixChargeView } from '@atrium/contracts';
import { Alert, Button, Flex, Input, Space, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../shared/api/api';
import { formatDate, formatDateTime } from '../../../shared/dates/dates';
import { formatMoney } from '../../../shared/ui/money';
import { socketEvents } from '../../realtime/realtime-events';
import { useSocketEvent } from '../../realtime/socket.context';
import { moneyValue } from '../invoice-status';

/** QR size (spec 001 section 9). */
const QR_SIZE_PX = 256;
/** Pix copy feedback (spec 001 section 9). */
export const COPY_FEEDBACK_MS = 1000;
/** Payment redirect (spec 001 section 9). */
export const PAYMENT_REDIRECT_MS = 4000;

/**
 * The Pix screen of the checkout: the QR code (rendered by qrcode.react) and the copy-and-paste code
 * with a 1 s 'Copiado!' feedback. When the company's `payment` live event says CONCLUIDA, it shows
 * 'Sua licença foi renovada até {date}!' and goes to / after 4 s (spec 001 section 4).
 */
export function PixPayment({ charge, companyId }: { charge: PixChargeView; companyId: number }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [copied, setCopied] = useState(false);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);

  useSocketEvent(socketEvents.payment(companyId), (event) => {
    if (event.action !== 'CONCLUIDA') return;
    setRenewedUntil(event.company.dueDate ?? '');
    dispatch(api.util.invalidateTags(['Invoices', 'Me']));
  });

  useEffect(() => {
    if (renewedUntil === null) return;
    const timer = setTimeout(() => navigate('/'), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [renewedUntil, navigate]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    await navigator.clipboard?.writeText(charge.qrcode.qrcode).catch(() => undefined);
    setCopied(true);
  };

  if (renewedUntil !== null) {
    return (
      <Flex vertical align="center" gap={16} data-testid="pix-renewed">
        <CheckCircleTwoTone twoToneColor="#52c41a" style={{ fontSize: 64 }} />
        <Typography.Title level={4}>{t('pix.renewed', { date: formatDate(renewedUntil) })}</Typography.Title>
      </Flex>
    );
  }

  return (
    <Flex vertical align="center" gap={12} data-testid="pix-payment">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('pix.heading')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('pix.instructions')}</Typography.Text>
      <div data-testid="pix-qr" data-qr={charge.qrcode.qrcode}>
        <QRCodeSVG value={charge.qrcode.qrcode} size={QR_SIZE_PX} />
      </div>
      <Typography.Text strong data-testid="pix-value">
        {t('pix.value', { value: formatMoney(moneyValue(charge.valor.original)) })}
      </Typography.Text>
      <Typography.Text type="secondary">{t('pix.expires', { date: formatDateTime(charge.expiresAt) })}</Typography.Text>
      <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
        <Input readOnly value={charge.qrcode.qrcode} data-testid="pix-code" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="pix-copy">
          {copied ? t('pix.copied') : t('pix.copy')}
        </Button>
      </Space.Compact>
      <Alert type="info" showIcon icon={<Spin size="small" />} title={t('pix.waiting')} />
    </Flex>
  );
}
