import type { AuthResult, TwoFactorEnabledView, TwoFactorSetupView } from '@atrium/contracts';
import { Flex, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { useEnableTwoFactorMutation, useSetupTwoFactorMutation } from '../api/two-factor.api';
import { TwoFactorCodeInput } from './two-factor-code.component';

export type EnabledTwoFactor = TwoFactorEnabledView & Partial<AuthResult>;

/**
 * Setting up two-factor login: a new secret as a QR code and as text, confirmed with a code of it.
 * Logged in (profile), or with the setup challenge of a login the company requires 2FA for.
 */
export function TwoFactorSetup({ challenge, onEnabled }: { challenge?: string; onEnabled(result: EnabledTwoFactor): void }) {
  const { t } = useTranslation('twoFactor');
  const [setup] = useSetupTwoFactorMutation();
  const [enable, enabling] = useEnableTwoFactorMutation();
  const [secret, setSecret] = useState<TwoFactorSetupView | null>(null);
  // each setup replaces the pending secret: ask once, or the QR code could show a replaced one
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    setup(challenge ? { challenge } : {})
      .unwrap()
      .then(setSecret)
      .catch(toastError);
  }, [setup, challenge]);

  const confirm = (code: string) =>
    enable(challenge ? { code, challenge } : { code })
      .unwrap()
      .then(onEnabled)
      .catch(toastError);

  if (!secret) return <Spin />;
  return (
    <Flex vertical gap={12} data-testid="two-factor-setup">
      <Typography.Text>{t('scan')}</Typography.Text>
      <div style={{ background: '#fff', padding: 8, alignSelf: 'center' }} data-testid="two-factor-qr" data-otpauth={secret.otpauthUrl}>
        <QRCodeSVG value={secret.otpauthUrl} size={180} />
      </div>
      <Typography.Text code copyable data-testid="two-factor-secret">
        {secret.secret}
      </Typography.Text>
      <TwoFactorCodeInput label={t('code')} submitText={t('confirm')} loading={enabling.isLoading} onSubmit={confirm} />
    </Flex>
  );
}
