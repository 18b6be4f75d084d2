import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Length-limited required text with the spec's messages ('Required', 'Too Short!', 'Too Long!'). */
export function lengthRules(t: TFunction, min: number, max: number, required = true): FormRule[] {
  const rules: FormRule[] = [
    { min, message: t('validation.tooShort', { ns: 'common' }) },
    { max, message: t('validation.tooLong', { ns: 'common' }) },
  ];
  return required ? [{ required: true, whitespace: true, message: t('validation.required', { ns: 'common' }) }, ...rules] : rules;
}

/** A valid e-mail ('Invalid email'), required unless told otherwise. */
export function emailRules(t: TFunction, required = true): FormRule[] {
  const rules: FormRule[] = [{ type: 'email', message: t('validation.invalidEmail', { ns: 'common' }) }];
  return required ? [{ required: true, message: t('validation.required', { ns: 'common' }) }, ...rules] : rules;
}
