import { useEffect } from 'react';
import { toast } from './notifier';
import { toastError } from './error-popup';

/** Shows a query's failure once per failure: the error popup, or a fixed text when given. */
export function useErrorPopup(error: unknown, fixedText?: string): void {
  useEffect(() => {
    if (!error) return;
    if (fixedText) toast.error(fixedText);
    else toastError(error);
  }, [error, fixedText]);
}
