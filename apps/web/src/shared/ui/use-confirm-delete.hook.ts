import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../notify/notifier';
import { toastError } from '../notify/error-popup';

export interface ConfirmDeleteOptions {
  title: ReactNode;
  content?: ReactNode;
  /** The deletion; a failure shows as an error popup. */
  remove: () => Promise<unknown>;
  deletedText: string;
}

/** Asks before deleting (danger button), then toasts the result. */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => void {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  return ({ title, content, remove, deletedText }) => {
    modal.confirm({
      title,
      content: content ?? t('manager.confirmDelete'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove();
          toast.success(deletedText);
        } catch (failure) {
          toastError(failure);
        }
      },
    });
  };
}
