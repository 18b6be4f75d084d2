import type { FileListsPageView, FileListView } from '@atrium/contracts';
import { api } from '../../../shared/api/api';
import { pageNumberPaging } from '../../../shared/api/paged';

/** Body of POST /files and PUT /files/{id} (spec 001 "Files"). */
export interface FileListInput {
  name: string;
  message: string;
  options: Array<{ id?: number; name: string }>;
}

export const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    fileListsPage: build.infiniteQuery<FileListsPageView, string, number>({
      infiniteQueryOptions: pageNumberPaging,
      query: ({ queryArg, pageParam }) => ({ url: '/files/', params: { searchParam: queryArg, pageNumber: pageParam } }),
      providesTags: ['FileLists'],
    }),
    fileList: build.query<FileListView, number>({
      query: (id) => `/files/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'FileLists', id }],
    }),
    createFileList: build.mutation<FileListView, FileListInput>({
      query: (body) => ({ url: '/files', method: 'POST', body }),
      invalidatesTags: ['FileLists'],
    }),
    updateFileList: build.mutation<FileListView, FileListInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/files/${id}`, method: 'PUT', body }),
      invalidatesTags: ['FileLists'],
    }),
    deleteFileList: build.mutation<unknown, number>({
      query: (id) => ({ url: `/files/${id}`, method: 'DELETE' }),
      invalidatesTags: ['FileLists'],
    }),
    /** Multipart: each file in `files` with its option's `id` (typeArch 'fileList'). */
    uploadFileListFile: build.mutation<FileListView, { id: number; optionId: number; file: File }>({
      query: ({ id, optionId, file }) => {
        const form = new FormData();
        form.append('fileId', String(id));
        form.append('typeArch', 'fileList');
        form.append('files', file, file.name);
        form.append('id', String(optionId));
        form.append('mediaType', file.type || 'application/octet-stream');
        return { url: `/files/uploadList/${id}`, method: 'POST', body: form };
      },
      invalidatesTags: ['FileLists'],
    }),
  }),
});

export const {
  useFileListsPageInfiniteQuery,
  useFileListQuery,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useDeleteFileListMutation,
  useUploadFileListFileMutation,
} = filesApi;
