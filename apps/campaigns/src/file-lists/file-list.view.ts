import type { FileListView } from '@atrium/contracts';
import type { FileListWithOptions } from './file-lists.repository.js';

export function toFileListView(row: FileListWithOptions): FileListView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    message: row.message,
    userId: row.userId,
    options: row.options.map((option) => ({
      id: option.id,
      name: option.name,
      path: option.path,
      mediaType: option.mediaType,
      file: option.fileName,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
