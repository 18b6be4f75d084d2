import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * Length-limited required text. Its messages are `validation.*` of `ns`: the common ones in the
 * user's language, or a form's own where the spec gives that form's texts (the user form's
 * 'Required', 'Too Short!', 'Too Long!').
 */
export function lengthRules(t: TFunction, min: number, max: number, required = true, ns = 'common'): FormRule[] {
  const rules: FormRule[] = [
    { min, message: t('validation.tooShort', { ns }) },
    { max, message: t('validation.tooLong', { ns }) },
  ];
  return required ? [{ required: true, whitespace: true, message: t('validation.required', { ns }) }, ...rules] : rules;
}

/** A valid e-mail, required unless told otherwise; messages from `validation.*` of `ns` as above. */
export function emailRules(t: TFunction, required = true, ns = 'common'): FormRule[] {
  const rules: FormRule[] = [{ type: 'email', message: t('validation.invalidEmail', { ns }) }];
  return required ? [{ required: true, message: t('validation.required', { ns }) }, ...rules] : rules;
}
