import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileListEventPayload, FileListsPageView, FileListView } from '@atrium/contracts';
import { socketOf } from '../socket-client.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

function uploadForm(optionId: number, name: string, content: string): FormData {
  const body = new FormData();
  body.append('typeArch', 'fileList');
  body.append('files', new Blob([content], { type: 'application/pdf' }), name);
  body.append('id', String(optionId));
  body.append('mediaType', 'application/pdf');
  return body;
}

/** File lists through the gateway (spec 001 "Files", `/files` calls). */
describe('file lists', () => {
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-files-'));
    stack = await startStack({ services: ['identity', 'campaigns'], env: { STORAGE_DIR: storageDir } });
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await rm(storageDir, { recursive: true, force: true });
  });

  const stored = async (): Promise<string[]> => readdir(path.join(storageDir, 'file-lists', String(tenant.companyId))).catch(() => []);

  it('creates with options, uploads a file per option, edits options, pages and deletes, live on company-{id}-file', async () => {
    const socket = await socketOf(stack, tenant.admin);
    try {
      const created = await tenant.admin.post<FileListView>('/files', {
        name: 'Catálogo',
        message: 'Segue o catálogo',
        options: [{ name: 'PDF' }, { name: 'Tabela' }],
        userId: 999,
      });
      expect(created).toMatchObject({
        status: 201,
        body: {
          name: 'Catálogo',
          message: 'Segue o catálogo',
          userId: tenant.adminSession.user.id,
          options: [
            { name: 'PDF', path: null },
            { name: 'Tabela', path: null },
          ],
        },
      });
      const list = created.body;
      expect(
        await socket.nextWhere<FileListEventPayload>(
          `company-${tenant.companyId}-file`,
          (p) => p.action === 'create' && p.fileList.id === list.id,
        ),
      ).toBeDefined();

      const [pdf, table] = list.options;
      const uploaded = await tenant.admin.request<FileListView>(
        'POST',
        `/files/uploadList/${list.id}`,
        uploadForm(pdf!.id, 'catalogo.pdf', '%PDF-1.4 catálogo'),
      );
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.options[0]).toMatchObject({
        id: pdf!.id,
        file: 'catalogo.pdf',
        mediaType: 'application/pdf',
        path: expect.stringMatching(new RegExp(`^file-lists/${tenant.companyId}/`)),
      });
      expect(await stored()).toHaveLength(1);

      // keep PDF renamed, drop Tabela, add Vídeo
      const edited = await tenant.admin.put<FileListView>(`/files/${list.id}`, {
        name: 'Catálogo 2026',
        message: 'Novo catálogo',
        options: [{ id: pdf!.id, name: 'PDF novo' }, { name: 'Vídeo' }],
      });
      expect(edited.body.options.map((o) => [o.name, o.file])).toEqual([
        ['PDF novo', 'catalogo.pdf'],
        ['Vídeo', null],
      ]);
      expect(edited.body.options.map((o) => o.id)).not.toContain(table!.id);
      expect(
        await socket.nextWhere<FileListEventPayload>(
          `company-${tenant.companyId}-file`,
          (p) => p.action === 'update' && p.fileList.name === 'Catálogo 2026',
        ),
      ).toBeDefined();

      expect((await tenant.admin.get<FileListsPageView>('/files/?searchParam=2026&pageNumber=1')).body).toMatchObject({
        count: 1,
        hasMore: false,
        files: [{ id: list.id }],
      });
      expect((await tenant.admin.get<FileListView>(`/files/${list.id}`)).body.message).toBe('Novo catálogo');

      expect((await tenant.admin.delete(`/files/${list.id}`)).status).toBe(200);
      expect(
        await socket.nextWhere<FileListEventPayload>(
          `company-${tenant.companyId}-file`,
          (p) => p.action === 'delete' && p.fileId === list.id,
        ),
      ).toBeDefined();
      expect((await tenant.admin.get(`/files/${list.id}`)).body).toMatchObject({ error: 'ERR_NO_FILE_LIST_FOUND' });
      expect(await stored()).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('validates as the spec says and stores nothing on bad input', async () => {
    const company = await signUpTenant(stack);
    const bad = [
      { name: 'ab', message: 'Mensagem' },
      { message: 'Mensagem' },
      { name: 'Nome bom', message: '' },
      { name: 'Nome bom' },
      { name: 'Nome bom', message: 'Mensagem', options: 'nada' },
      { name: 'Nome bom', message: 'Mensagem', options: [{ name: '' }] },
    ];
    for (const body of bad) {
      const response = await company.admin.post<{ error: string }>('/files', body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({ body, status: 400, error: 'ERR_VALIDATION' });
    }
    const short = await company.admin.post<{ fields: Array<{ field: string; messages: string[] }> }>('/files', bad[0]);
    expect(short.body.fields).toEqual([{ field: 'name', messages: ['nome muito curto'] }]);
    const list = (await company.admin.post<FileListView>('/files', { name: 'Válida', message: 'Ok', options: [{ name: 'A' }] })).body;
    expect((await company.admin.request('POST', `/files/uploadList/${list.id}`, new FormData())).status).toBe(400);
    expect((await company.admin.request('POST', `/files/uploadList/${list.id}`, uploadForm(999_999, 'x.pdf', 'x'))).status).toBe(400);
    expect(
      await ownerQuery(stack, 'select path from campaigns.file_list_options where company_id = $1 and path is not null', [
        company.companyId,
      ]),
    ).toEqual([]);
    expect(
      (await ownerQuery(stack, 'select name from campaigns.file_lists where company_id = $1', [company.companyId])).map((r) => r.name),
    ).toEqual(['Válida']);
  });

  it("keeps tenants apart: another company's file lists and options are invisible and untouchable", async () => {
    const theirs = (await other.admin.post<FileListView>('/files', { name: 'Só deles', message: 'Oi', options: [{ name: 'Arquivo' }] }))
      .body;
    const mine = (await tenant.admin.post<FileListView>('/files', { name: 'Minha', message: 'Oi', options: [{ name: 'Meu' }] })).body;
    expect((await tenant.admin.get(`/files/${theirs.id}`)).status).toBe(404);
    expect((await tenant.admin.put(`/files/${theirs.id}`, { name: 'Tomada', message: 'x' })).status).toBe(404);
    expect((await tenant.admin.delete(`/files/${theirs.id}`)).status).toBe(404);
    expect(
      (await tenant.admin.request('POST', `/files/uploadList/${theirs.id}`, uploadForm(theirs.options[0]!.id, 'x.pdf', 'x'))).status,
    ).toBe(404);
    // another list's option, named in my own list's upload, is refused
    expect(
      (await tenant.admin.request('POST', `/files/uploadList/${mine.id}`, uploadForm(theirs.options[0]!.id, 'x.pdf', 'x'))).status,
    ).toBe(400);
    // an option id of theirs in my update is not taken over: it becomes a new option of mine
    const edited = (
      await tenant.admin.put<FileListView>(`/files/${mine.id}`, {
        name: 'Minha',
        message: 'Oi',
        options: [{ id: theirs.options[0]!.id, name: 'Roubada' }],
      })
    ).body;
    expect(edited.options.map((o) => o.id)).not.toContain(theirs.options[0]!.id);
    expect((await other.admin.get<FileListView>(`/files/${theirs.id}`)).body.options).toEqual([
      expect.objectContaining({ name: 'Arquivo', path: null }),
    ]);
    expect((await tenant.admin.get<FileListsPageView>('/files/')).body.files.map((f) => f.id)).not.toContain(theirs.id);
  });
});
