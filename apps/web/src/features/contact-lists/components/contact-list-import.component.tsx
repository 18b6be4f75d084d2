import { UploadOutlined } from '@ant-design/icons';
import type { ContactListImportProgress } from '@atrium/contracts';
import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../shared/notify/error-popup';
import { useUploadContactListMutation } from '../api/contact-lists.api';
import { SAMPLE_SPREADSHEET } from './contact-lists.page';

/** Import: pick an .xls/.xlsx, then a confirmation dialog with a link to the sample spreadsheet; the upload starts the job. */
export function ContactListImport({
  contactListId,
  onStarted,
}: {
  contactListId: number;
  onStarted: (progress: ContactListImportProgress) => void;
}) {
  const { t } = useTranslation('contactLists');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [upload, uploading] = useUploadContactListMutation();

  const confirm = async () => {
    if (!file) return;
    try {
      onStarted(await upload({ id: contactListId, file }).unwrap());
    } catch (error) {
      toastError(error);
    }
    setFile(null);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".xls,.xlsx"
        hidden
        data-testid="contact-list-import-input"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <Button
        icon={<UploadOutlined />}
        onClick={() => input.current?.click()}
        loading={uploading.isLoading}
        data-testid="contact-list-import"
      >
        {t('items.import')}
      </Button>
      <Modal
        open={file !== null}
        title={t('import.title')}
        okText={t('import.confirm')}
        cancelText={t('import.cancel')}
        onOk={() => void confirm()}
        onCancel={() => setFile(null)}
        okButtonProps={{ 'data-testid': 'contact-list-import-confirm' } as never}
      >
        <Typography.Paragraph>{t('import.question', { name: file?.name ?? '' })}</Typography.Paragraph>
        <Typography.Link href={SAMPLE_SPREADSHEET} download="planilha.xlsx">
          {t('import.sample')}
        </Typography.Link>
      </Modal>
    </>
  );
}

/** How an import stands: rows read of the total, added, duplicates, invalid (with line and reason), WhatsApp check. */
export function ContactListImportProgressPanel({ progress, onClose }: { progress: ContactListImportProgress; onClose: () => void }) {
  const { t } = useTranslation('contactLists');
  const percent =
    progress.total > 0 ? Math.round(((progress.state === 'done' ? progress.total : progress.read) / progress.total) * 100) : 0;
  return (
    <Alert
      className="contact-list-import-progress"
      data-testid="contact-list-import-progress"
      type={progress.state === 'failed' ? 'error' : progress.state === 'done' ? 'success' : 'info'}
      message={t(`import.state.${progress.state}`, { file: progress.fileName })}
      description={
        <>
          <Progress percent={percent} size="small" status={progress.state === 'failed' ? 'exception' : undefined} />
          <div data-testid="contact-list-import-counts">
            {t('import.counts', {
              read: progress.read,
              total: progress.total,
              added: progress.added,
              duplicates: progress.duplicates,
              invalid: progress.invalid,
              checked: progress.checked,
              valid: progress.valid,
            })}
          </div>
          {progress.failure ? <Typography.Text type="warning">{progress.failure}</Typography.Text> : null}
          {progress.errors.length > 0 ? (
            <ul className="contact-list-import-errors">
              {progress.errors.map((row) => (
                <li key={row.line}>{t('import.badRow', { line: row.line, reason: row.reason })}</li>
              ))}
            </ul>
          ) : null}
        </>
      }
      closable
      onClose={onClose}
    />
  );
}
