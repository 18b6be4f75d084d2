import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { toast } from '../../../shared/notify/notifier';
import { useDisableTwoFactorMutation } from '../api/two-factor.api';
import { useSessionUser } from '../hooks/use-session.hook';
import { RecoveryCodes } from './recovery-codes.component';
import { TwoFactorCodeInput } from './two-factor-code.component';
import { TwoFactorSetup, type EnabledTwoFactor } from './two-factor-setup.component';

/**
 * "Two-factor authentication" in the user's own profile (issue 28), a chunk of its own: set up
 * (QR code and key), confirm with a code, the recovery codes once, or disable with a code.
 */
export default function TwoFactorSection() {
  const { t } = useTranslation('twoFactor');
  const me = useSessionUser();
  const [settingUp, setSettingUp] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disable, disabling] = useDisableTwoFactorMutation();

  const enabled = (result: EnabledTwoFactor) => {
    setSettingUp(false);
    setRecoveryCodes(result.recoveryCodes);
    toast.success(t('enabled'));
  };

  const turnOff = (code: string) =>
    disable({ code })
      .unwrap()
      .then(() => toast.success(t('disabled')))
      .catch(toastError);

  return (
    <Flex
      vertical
      gap={12}
      data-testid="two-factor-section"
      style={{ borderTop: '1px solid var(--ant-color-border-secondary)', paddingTop: 12 }}
    >
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('sectionTitle')}</Typography.Text>
        <Tag color={me.twoFactorEnabled ? 'green' : 'default'} data-testid="two-factor-status">
          {me.twoFactorEnabled ? t('on') : t('off')}
        </Tag>
      </Flex>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onContinue={() => setRecoveryCodes(null)} />
      ) : me.twoFactorEnabled ? (
        <TwoFactorCodeInput label={t('disableHint')} submitText={t('disable')} loading={disabling.isLoading} onSubmit={turnOff} />
      ) : settingUp ? (
        <TwoFactorSetup onEnabled={enabled} />
      ) : (
        <Button onClick={() => setSettingUp(true)} data-testid="two-factor-start">
          {t('setUp')}
        </Button>
      )}
    </Flex>
  );
}
