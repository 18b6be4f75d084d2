import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { ContactListEventPayload, ContactListImportProgress, ContactListItemsPageView, ContactListView } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf } from '../socket-client.js';
import { startStackService, type Stack } from '../stack.js';
import { signUpTenant, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511972600001';
const NOT_ON_WHATSAPP = '5511955550003';

/** A workbook of one sheet (a second sheet is there to show that only the first is read). */
function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['nome', 'numero'],
      ['Outra aba', '5511900000000'],
    ]),
    'Outra',
  );
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

function form(data: Buffer, name: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)]), name);
  return body;
}

/** `POST /contact-lists/{id}/upload` (spec 001 "Contact list items": import), as a job with live progress, against the wa-sandbox. */
describe('contact list import', () => {
  let env: SessionsStack;
  let stack: Stack;
  let tenant: Tenant;
  let other: Tenant;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'atrium-import-'));
    env = await startSessionsStack({ services: ['identity', 'sessions', 'campaigns'], env: { STORAGE_DIR: storageDir } });
    stack = env.stack;
    [tenant, other] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
    const socket = await socketOf(stack, tenant.admin);
    try {
      await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS);
    } finally {
      socket.close();
    }
    await sandboxCall(env.sandbox, 'PUT', `/numbers/${NOT_ON_WHATSAPP}`, { onWhatsApp: false });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
    await rm(storageDir, { recursive: true, force: true });
  }, 60_000);

  const newList = async (client: Tenant, name: string): Promise<ContactListView> =>
    (await client.admin.post<ContactListView>('/contact-lists', { name })).body;
  const finished = async (client: Tenant, listId: number): Promise<ContactListImportProgress> => {
    let last: ContactListImportProgress | null = null;
    await eventually(async () => {
      last = (await client.admin.get<ContactListImportProgress | null>(`/contact-lists/${listId}/import`)).body;
      return last?.state === 'done' || last?.state === 'failed';
    }, 60_000);
    return last!;
  };
  const items = async (listId: number) =>
    (await tenant.admin.get<ContactListItemsPageView>(`/contact-list-items?contactListId=${listId}`)).body.contacts.map((c) => [
      c.name,
      c.number,
      c.email,
      c.isWhatsappValid,
    ]);

  it('imports valid rows, skips duplicates, reports bad rows with line and reason, checks numbers in batches, live', async () => {
    const list = await newList(tenant, 'Importada');
    await tenant.admin.post('/contact-list-items', { name: 'Já estava', number: '5511955550009', contactListId: list.id });
    const file = workbook([
      ['Nome', 'Número', 'E-mail'],
      ['Ana Souza', '+55 (11) 95555-0001', 'ana@example.com'],
      ['Bruno Lima', 5511955550002, ''],
      ['Carla Dias', NOT_ON_WHATSAPP, null],
      ['Ana Repetida', '5511955550001', ''],
      ['Já na lista', '5511955550009', ''],
      [],
      ['Sem número', '', ''],
      ['Número curto', '1234', ''],
      ['E-mail ruim', '5511955550004', 'nao-e-email'],
      ['X', '5511955550005', ''],
      ['Letras', '55abc11955550006', ''],
    ]);
    const checksBefore = (await sandboxCall<{ single: number; batches: number }>(env.sandbox, 'GET', `/sessions/${BUSINESS}/checks`)).body;
    const socket = await socketOf(stack, tenant.admin);
    try {
      const upload = await tenant.admin.request<ContactListImportProgress>(
        'POST',
        `/contact-lists/${list.id}/upload`,
        form(file, 'contatos.xlsx'),
      );
      expect(upload).toMatchObject({ status: 201, body: { contactListId: list.id, state: 'queued', fileName: 'contatos.xlsx' } });
      const done = await socket.nextWhere<ContactListEventPayload>(
        `company-${tenant.companyId}-ContactList`,
        (p) => p.action === 'import' && p.progress.importId === upload.body.importId && p.progress.state === 'done',
        20_000,
      );
      expect(done.action === 'import' && done.progress).toEqual({
        importId: upload.body.importId,
        contactListId: list.id,
        fileName: 'contatos.xlsx',
        state: 'done',
        total: 10,
        read: 10,
        added: 3,
        duplicates: 2,
        invalid: 5,
        // the list's unchecked numbers: the three added and the one it had
        checked: 4,
        valid: 3,
        failure: null,
        errors: [
          { line: 8, reason: 'número ausente' },
          { line: 9, reason: 'número inválido (8 a 50 dígitos)' },
          { line: 10, reason: 'e-mail inválido' },
          { line: 11, reason: 'nome ausente ou com menos de 2 caracteres' },
          { line: 12, reason: 'número inválido (8 a 50 dígitos)' },
        ],
      });
      expect(
        await socket.nextWhere<ContactListEventPayload>(
          `company-${tenant.companyId}-ContactList`,
          (p) => p.action === 'update' && p.record.id === list.id && p.record.contactsCount === 4,
        ),
      ).toBeDefined();
      expect(
        await socket.nextWhere(`company-${tenant.companyId}-ContactListItem-${list.id}`, (p: { action: string }) => p.action === 'reload'),
      ).toBeDefined();
    } finally {
      socket.close();
    }
    expect(await items(list.id)).toEqual([
      ['Ana Souza', '5511955550001', 'ana@example.com', true],
      ['Bruno Lima', '5511955550002', null, true],
      ['Carla Dias', NOT_ON_WHATSAPP, null, false],
      ['Já estava', '5511955550009', null, true],
    ]);
    const checks = (await sandboxCall<{ single: number; batches: number }>(env.sandbox, 'GET', `/sessions/${BUSINESS}/checks`)).body;
    expect({ single: checks.single - checksBefore.single, batches: checks.batches - checksBefore.batches }).toEqual({
      single: 0,
      batches: 1,
    });
    // the spreadsheet is not kept once read
    expect(await readdir(path.join(storageDir, 'contact-list-imports', String(tenant.companyId))).catch(() => [])).toEqual([]);
  }, 45_000);

  it('reads .xls (BIFF8) too', async () => {
    const list = await newList(tenant, 'Do Excel antigo');
    const file = workbook(
      [
        ['nome', 'numero', 'email'],
        ['Diego Alves', '5511955550010', 'diego@example.com'],
      ],
      'biff8',
    );
    expect((await tenant.admin.request('POST', `/contact-lists/${list.id}/upload`, form(file, 'antiga.XLS'))).status).toBe(201);
    expect(await finished(tenant, list.id)).toMatchObject({ state: 'done', added: 1, invalid: 0 });
    expect(await items(list.id)).toEqual([['Diego Alves', '5511955550010', 'diego@example.com', true]]);
  });

  it('fails an import whose sheet has no number column, storing nothing', async () => {
    const list = await newList(tenant, 'Sem coluna');
    const file = workbook([
      ['Nome', 'Cidade'],
      ['Eva', 'Santos'],
    ]);
    expect((await tenant.admin.request('POST', `/contact-lists/${list.id}/upload`, form(file, 'x.xlsx'))).status).toBe(201);
    expect(await finished(tenant, list.id)).toMatchObject({
      state: 'failed',
      failure: 'a primeira linha não tem a coluna "numero"',
      added: 0,
    });
    expect(await ownerQuery(stack, 'select id from campaigns.contact_list_items where contact_list_id = $1', [list.id])).toEqual([]);
  });

  it('refuses bad uploads with 4xx and stores nothing: no file, other kinds, renamed files, foreign lists', async () => {
    const list = await newList(tenant, 'Recusas');
    const csv = Buffer.from('nome,numero\nAna,5511955550001\n');
    const html = Buffer.from('<table><tr><td>nome</td><td>numero</td></tr></table>');
    const cases: Array<[string, FormData | undefined, number]> = [
      ['no file', undefined, 400],
      ['csv', form(csv, 'contatos.csv'), 400],
      ['csv renamed .xlsx', form(csv, 'contatos.xlsx'), 400],
      ['html renamed .xls', form(html, 'contatos.xls'), 400],
      ['empty', form(Buffer.alloc(0), 'vazio.xlsx'), 400],
    ];
    for (const [label, body, status] of cases) {
      const response = await tenant.admin.request<{ error: string }>('POST', `/contact-lists/${list.id}/upload`, body);
      expect({ label, status: response.status, error: response.body.error }).toEqual({ label, status, error: 'ERR_VALIDATION' });
    }
    const theirs = await newList(other, 'Deles');
    const foreign = await tenant.admin.request(
      'POST',
      `/contact-lists/${theirs.id}/upload`,
      form(
        workbook([
          ['nome', 'numero'],
          ['Intruso', '5511955550011'],
        ]),
        'a.xlsx',
      ),
    );
    expect(foreign.status).toBe(404);
    expect((await tenant.admin.get(`/contact-lists/${theirs.id}/import`)).status).toBe(404);
    expect(
      (await tenant.admin.request('POST', '/contact-lists/999999/upload', form(workbook([['numero'], ['5511955550012']]), 'a.xlsx')))
        .status,
    ).toBe(404);
    expect(
      await ownerQuery(stack, 'select id from campaigns.contact_list_imports where contact_list_id = any($1)', [[list.id, theirs.id]]),
    ).toEqual([]);
    expect(
      await ownerQuery(stack, 'select id from campaigns.contact_list_items where contact_list_id = any($1)', [[list.id, theirs.id]]),
    ).toEqual([]);
    expect(await readdir(path.join(storageDir, 'uploads', String(tenant.companyId))).catch(() => [])).toEqual([]);
  });

  it('resumes an import interrupted mid-file after a restart, with exact counts and no row twice', async () => {
    const list = await newList(tenant, 'Retomada');
    const rows: unknown[][] = [['nome', 'numero']];
    for (let i = 0; i < 2_500; i++) rows.push([`Pessoa ${i}`, `55119${String(i).padStart(8, '0')}`]);
    rows.push(['Repetida', '5511900000000']);
    await stack.apps.campaigns!.close();
    // as a run that died after its first chunk left it: lines 2..1001 in, counted, nextLine 1002
    const key = `contact-list-imports/${tenant.companyId}/retomada.xlsx`;
    await mkdir(path.join(storageDir, 'contact-list-imports', String(tenant.companyId)), { recursive: true });
    await writeFile(path.join(storageDir, key), workbook(rows));
    const id = '00000000-0000-4000-8000-000000000001';
    await ownerQuery(
      stack,
      `insert into campaigns.contact_list_imports (id, company_id, contact_list_id, file_name, file_path, state, total, next_line, read, added)
       values ($1, $2, $3, 'retomada.xlsx', $4, 'running', 2501, 1002, 1000, 1000)`,
      [id, tenant.companyId, list.id, key],
    );
    await ownerQuery(
      stack,
      `insert into campaigns.contact_list_items (company_id, contact_list_id, name, number)
       select $1, $2, 'Pessoa ' || i, '55119' || lpad(i::text, 8, '0') from generate_series(0, 999) i`,
      [tenant.companyId, list.id],
    );
    stack.apps.campaigns = await startStackService('campaigns', stack.env);
    const done = await finished(tenant, list.id);
    expect(done).toMatchObject({
      importId: id,
      state: 'done',
      total: 2501,
      read: 2501,
      added: 2500,
      duplicates: 1,
      invalid: 0,
      checked: 2500,
      valid: 2500,
    });
    expect(
      await ownerQuery(stack, 'select count(*)::int as n from campaigns.contact_list_items where contact_list_id = $1', [list.id]),
    ).toEqual([{ n: 2500 }]);
  }, 120_000);
});
