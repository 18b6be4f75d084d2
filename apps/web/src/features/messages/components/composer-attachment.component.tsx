import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An object URL of an image file while the component shows it; revoked when the file changes or leaves. */
function useImagePreview(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/')) return undefined;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file]);
  return url;
}

/** A file about to be sent: a thumbnail for an image, otherwise the clip icon; its name and a remove button. */
export function ComposerAttachment({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation('messages');
  const preview = useImagePreview(file);
  return (
    <span className="composer-file" data-testid="composer-file">
      {preview ? (
        <img className="composer-file-thumbnail" src={preview} alt={file.name} data-testid="composer-file-thumbnail" />
      ) : (
        <PaperClipOutlined />
      )}
      <span className="composer-file-name">{file.name}</span>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('composer.removeFile')} onClick={onRemove} />
    </span>
  );
}
