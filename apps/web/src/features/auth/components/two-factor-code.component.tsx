import { Button, Flex, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** One code field and its button: a TOTP code (6 digits) or a recovery code. */
export function TwoFactorCodeInput({
  label,
  submitText,
  loading,
  onSubmit,
}: {
  label: string;
  submitText: string;
  loading: boolean;
  onSubmit(code: string): void;
}) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed) onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-code-form">
      <Flex vertical gap={8}>
        <label htmlFor="two-factor-code">{label}</label>
        <Input
          id="two-factor-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          placeholder={t('code')}
          autoFocus
          size="large"
          data-testid="two-factor-code"
        />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={loading}
          disabled={!code.trim()}
          data-testid="two-factor-submit"
        >
          {submitText}
        </Button>
      </Flex>
    </form>
  );
}
