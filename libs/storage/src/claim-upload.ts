import type { ObjectStorage } from './object-storage.js';
import { toStorageKey } from './storage-key.js';

/**
 * How a service takes over a file staged for it (`<from><segment>`, one key segment the stager
 * made): moves it to `<to><segment>` and answers that key; null when `upload` is not a file of
 * `from` or is no longer there (claimed already, or removed).
 */
export async function claimUpload(storage: ObjectStorage, upload: string, from: string, to: string): Promise<string | null> {
  const segment = upload.slice(from.length);
  const target = `${to}${segment}`;
  const valid =
    upload.startsWith(from) &&
    segment.length > 0 &&
    !segment.includes('/') &&
    toStorageKey(upload) === upload &&
    toStorageKey(target) === target;
  return valid && (await storage.move(upload, target)) ? target : null;
}
