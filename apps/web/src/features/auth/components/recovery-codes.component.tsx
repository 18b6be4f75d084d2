import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** The ten recovery codes, shown once right after two-factor login is enabled. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue(): void }) {
  const { t } = useTranslation('twoFactor');
  return (
    <Flex vertical gap={12}>
      <Alert type="warning" showIcon title={t('recoveryTitle')} description={t('recoveryHint')} />
      <ol data-testid="recovery-codes" style={{ fontFamily: 'monospace', columns: 2, margin: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button type="primary" onClick={onContinue} data-testid="recovery-codes-continue">
        {t('continue')}
      </Button>
    </Flex>
  );
}
