import i18n from '../../i18n/i18n';
import { apiFailureOf } from '../api/api-error';
import { withNotifier } from './notifier';

/** Popup durations of spec 000 section 8, in seconds. */
export const ERROR_CODE_SECONDS = 2;
export const ERROR_TEXT_SECONDS = 3;

/** The translated text of an error code; an unknown code is shown raw. */
export function errorCodeText(code: string): string {
  return i18n.exists(code, { ns: 'errors' }) ? i18n.t(code, { ns: 'errors' }) : code;
}

/**
 * Shows a failure as spec 000 section 8 says: a code as a popup titled 'Erro' for 2 s (translated,
 * unknown codes raw), a plain text for 3 s, anything else only logged.
 */
export function toastError(error: unknown): void {
  const failure = apiFailureOf(error);
  const title = i18n.t('errorTitle', { ns: 'common' });
  if (failure.code) {
    const fields = failure.fields.map((field) => field.field).filter((field) => field.length > 0);
    const text = errorCodeText(failure.code);
    const description = fields.length > 0 ? `${text} (${fields.join(', ')})` : text;
    withNotifier((bound) => bound.notification.error({ title, description, duration: ERROR_CODE_SECONDS, placement: 'topRight' }));
    return;
  }
  if (failure.text) {
    withNotifier((bound) =>
      bound.notification.error({ title, description: failure.text, duration: ERROR_TEXT_SECONDS, placement: 'topRight' }),
    );
    return;
  }
  console.error(error);
}
