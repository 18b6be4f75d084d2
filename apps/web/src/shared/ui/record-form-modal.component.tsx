import { Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../notify/notifier';
import { toastError } from '../notify/error-popup';
import { MODAL_SUBMIT_DELAY_MS, submitDelay } from './submit-delay';

export interface RecordFormModalProps {
  open: boolean;
  title: string;
  okText: string;
  /** The record being edited is still loading: a skeleton stands in for the form. */
  loading: boolean;
  saving: boolean;
  onOk: () => void;
  onClose: () => void;
  /** data-testid of the OK button. */
  testId: string;
  width?: number;
  children: ReactNode;
}

/** The add/edit dialog of a record: OK submits the form inside, Cancel closes, a skeleton while the record loads. */
export function RecordFormModal({ open, title, okText, loading, saving, onOk, onClose, testId, width, children }: RecordFormModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
      okButtonProps={{ 'data-testid': testId } as Record<string, string>}
    >
      {loading ? <Skeleton active /> : children}
    </Modal>
  );
}

/**
 * Saves a record form the way the spec's modals do: after the 400 ms submit delay; success toasts
 * and closes, a failure shows the error popup and keeps the dialog open.
 */
export async function saveRecord(save: () => Promise<unknown>, savedText: string, onClose: () => void): Promise<void> {
  await submitDelay(MODAL_SUBMIT_DELAY_MS);
  try {
    await save();
    toast.success(savedText);
    onClose();
  } catch (error) {
    toastError(error);
  }
}
