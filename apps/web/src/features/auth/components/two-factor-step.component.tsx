import type { AuthResult, LoginChallenge } from '@atrium/contracts';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { useLoginTwoFactorMutation } from '../api/two-factor.api';
import { RecoveryCodes } from './recovery-codes.component';
import { TwoFactorCodeInput } from './two-factor-code.component';
import { TwoFactorSetup, type EnabledTwoFactor } from './two-factor-setup.component';

/**
 * The login's second step (issue 28), a chunk of its own: the code of a user with two-factor
 * login, or setting it up where the company requires it (then the recovery codes, then in).
 */
export default function TwoFactorStep({
  challenge,
  onLoggedIn,
  onBack,
}: {
  challenge: LoginChallenge;
  onLoggedIn(result: AuthResult): void;
  onBack(): void;
}) {
  const { t } = useTranslation('twoFactor');
  const [loginTwoFactor, verifying] = useLoginTwoFactorMutation();
  const [enabled, setEnabled] = useState<EnabledTwoFactor | null>(null);

  const verify = (code: string) => loginTwoFactor({ challenge: challenge.challenge, code }).unwrap().then(onLoggedIn).catch(toastError);

  const finishSetup = () => {
    if (enabled?.token && enabled.user) onLoggedIn({ token: enabled.token, user: enabled.user });
  };

  return (
    <Flex vertical gap={12} data-testid="two-factor-step">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('codeTitle')}
      </Typography.Title>
      {'twoFactorRequired' in challenge ? (
        <TwoFactorCodeInput label={t('codeHint')} submitText={t('verify')} loading={verifying.isLoading} onSubmit={verify} />
      ) : enabled ? (
        <RecoveryCodes codes={enabled.recoveryCodes} onContinue={finishSetup} />
      ) : (
        <>
          <Typography.Text type="warning">{t('setupRequired')}</Typography.Text>
          <TwoFactorSetup challenge={challenge.challenge} onEnabled={setEnabled} />
        </>
      )}
      <Button type="link" onClick={onBack} data-testid="two-factor-back">
        {t('back')}
      </Button>
    </Flex>
  );
}
