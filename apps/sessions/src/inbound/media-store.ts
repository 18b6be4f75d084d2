import { Inject, Injectable } from '@nestjs/common';
import { AppError, CONVERSATION_MEDIA_ROOTS, ErrorCode, type ChannelMedia } from '@atrium/contracts';
import type { DriverMedia } from '@atrium/channel';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import { createObjectStorage, serverFileKeySegment, toStorageKey, type ObjectStorage } from '@atrium/storage';
import type { SessionsConfig } from '../config.js';

async function readAll(stream: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > limit) throw new AppError(ErrorCode.ERR_PAYLOAD_TOO_LARGE);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Attachments in object storage (libs/storage): inbound media are stored under
 * `whatsapp/<companyId>/<whatsappId>/<id><ext>` (an id this service makes: neither the customer's
 * file name nor the message id, both the sender's choice, reach the key; the name travels as the
 * message's metadata) before the message is published; outbound media are read from the key the
 * sender gives.
 */
@Injectable()
export class MediaStore {
  private readonly storage: ObjectStorage;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: SessionsConfig) {
    this.storage = createObjectStorage(config);
  }

  async saveInbound(companyId: number, whatsappId: number, media: DriverMedia): Promise<ChannelMedia> {
    if (media.size !== null && media.size > this.config.MAX_MEDIA_BYTES) throw new AppError(ErrorCode.ERR_PAYLOAD_TOO_LARGE);
    const data = await media.download();
    if (data.length > this.config.MAX_MEDIA_BYTES) throw new AppError(ErrorCode.ERR_PAYLOAD_TOO_LARGE);
    const path = `${CONVERSATION_MEDIA_ROOTS.whatsapp}/${companyId}/${whatsappId}/${serverFileKeySegment(media.filename, media.mimetype)}`;
    await this.storage.put(path, data, media.mimetype);
    return { path, mimetype: media.mimetype, filename: media.filename, size: data.length };
  }

  /** The bytes of an outbound attachment; ERR_WAPP_DOWNLOAD_MEDIA when the key is unsafe or missing. */
  async read(path: string): Promise<Buffer> {
    const key = toStorageKey(path);
    const stored = key ? await this.storage.get(key) : null;
    if (!stored) throw new AppError(ErrorCode.ERR_WAPP_DOWNLOAD_MEDIA);
    return readAll(stored.body, this.config.MAX_MEDIA_BYTES);
  }
}
