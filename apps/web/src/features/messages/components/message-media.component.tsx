import { DownloadOutlined, EnvironmentOutlined, FileOutlined, UserOutlined } from '@ant-design/icons';
import type { MessageView } from '@atrium/contracts';
import { Avatar, Button, Image, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { toastError } from '../../../shared/notify/error-popup';
import { displayFileName } from '../../../shared/ui/display-file-name';
import { selectToken } from '../../auth/auth.slice';
import { useMediaBlob } from '../hooks/use-media-blob.hook';
import { saveBlob } from '../../../shared/files/save-blob';
import { fetchMediaBlob, parseLocation, parseVcard } from '../media';

function fileNameOf(message: Pick<MessageView, 'mediaName' | 'mediaUrl'>): string {
  return displayFileName(message.mediaName ?? decodeURIComponent(message.mediaUrl?.split('/').pop() ?? 'arquivo'));
}

/** Other files: a download button (spec 000 section 2). */
export function DownloadButton({ message }: { message: Pick<MessageView, 'mediaName' | 'mediaUrl'> }) {
  const { t } = useTranslation('messages');
  const token = useAppSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const name = fileNameOf(message);
  const download = async () => {
    if (!message.mediaUrl) return;
    setBusy(true);
    try {
      saveBlob(await fetchMediaBlob(message.mediaUrl, token), name);
    } catch {
      toastError(t('downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void download()}
      className="message-download"
      data-testid="message-download"
    >
      <span className="message-download-name">
        <FileOutlined /> {name}
      </span>
    </Button>
  );
}

function BlobMedia({ message }: { message: MessageView }) {
  const { t } = useTranslation('messages');
  const { src, failed } = useMediaBlob(message.mediaUrl);
  if (failed) return <DownloadButton message={message} />;
  if (!src) return <Spin size="small" className="message-media-loading" />;
  if (message.mediaType === 'image')
    return (
      <Image src={src} alt={fileNameOf(message)} className="message-image" data-testid="message-image" preview={{ mask: t('view') }} />
    );
  if (message.mediaType === 'audio') return <audio controls src={src} className="message-audio" data-testid="message-audio" />;
  return <video controls src={src} className="message-video" data-testid="message-video" />;
}

function LocationCard({ body }: { body: string }) {
  const { t } = useTranslation('messages');
  const location = parseLocation(body);
  return (
    <div className="message-location" data-testid="message-location">
      {location.image ? <img src={location.image} alt={t('location')} /> : <EnvironmentOutlined className="message-location-pin" />}
      {location.description ? <div className="message-location-text">{location.description}</div> : null}
      <Button block size="small" disabled={!location.link} onClick={() => window.open(location.link, '_blank', 'noopener,noreferrer')}>
        {t('viewLocation')}
      </Button>
    </div>
  );
}

function VcardCard({ body }: { body: string }) {
  const { t } = useTranslation('messages');
  const card = parseVcard(body);
  return (
    <div className="message-vcard" data-testid="message-vcard">
      <Avatar icon={<UserOutlined />} />
      <div>
        <div className="message-vcard-name">{card.name || t('contactCard')}</div>
        {card.numbers.map((number) => (
          <div key={number} className="message-vcard-number">
            {number}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Whether a message's body is shown as text below its media. */
export function showsBodyAsText(message: MessageView): boolean {
  if (message.mediaType === 'locationMessage' || message.mediaType === 'vcard') return false;
  if (message.mediaType === 'chat' || message.mediaType === 'call_log') return true;
  return message.body.trim().length > 0 && message.body !== message.mediaName;
}

/** Image, audio, video, location card, contact card, or a download button (spec 000 section 2). */
export function MessageMedia({ message }: { message: MessageView }) {
  switch (message.mediaType) {
    case 'locationMessage':
      return <LocationCard body={message.body} />;
    case 'vcard':
      return <VcardCard body={message.body} />;
    case 'chat':
    case 'call_log':
      return null;
    case 'image':
    case 'audio':
    case 'video':
      return message.mediaUrl ? <BlobMedia message={message} /> : null;
    default:
      return message.mediaUrl ? <DownloadButton message={message} /> : null;
  }
}
