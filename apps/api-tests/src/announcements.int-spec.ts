import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AnnouncementEventPayload, AnnouncementView, Page } from '@atrium/contracts';
import type { ApiClient } from './api-client.js';
import { connectSocket, SocketRecorder } from './socket-client.js';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, superAdmin, type Tenant } from './tenants.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('rest of a jpeg')]);
const MAX_UPLOAD_BYTES = 64 * 1024;

function form(name: string, bytes: Buffer, field = 'file'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)]), name);
  return data;
}

describe('announcements API (spec 001 section 7) with image upload and live events', () => {
  let stack: Stack;
  let storageRoot: string;
  let root: ApiClient;
  let tenant: Tenant;
  let agent: ApiClient;

  beforeAll(async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'atrium-announcements-'));
    storageRoot = path.join(parent, 'storage');
    // A file beside the store that no /public path may reach.
    await writeFile(path.join(parent, 'secret.txt'), 'top secret');
    stack = await startStack({ env: { STORAGE_DIR: storageRoot, MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) } });
    root = await superAdmin(stack);
    tenant = await signUpTenant(stack);
    agent = tenant.admin;
  });
  afterAll(async () => {
    await stack.stop();
    await rm(path.dirname(storageRoot), { recursive: true, force: true });
  });

  async function create(overrides: Partial<AnnouncementView> = {}): Promise<AnnouncementView> {
    const response = await root.post<AnnouncementView>('/announcements', { title: 'Manutenção', text: 'Sábado às 22h', ...overrides });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function upload(client: ApiClient, id: number, name: string, bytes: Buffer, field?: string) {
    return client.request<AnnouncementView>('POST', `/announcements/${id}/media-upload`, form(name, bytes, field));
  }

  describe('records', () => {
    it('creates with the defaults priority 3 and status true, and shows it', async () => {
      const created = await create();
      expect(created).toMatchObject({
        title: 'Manutenção',
        text: 'Sábado às 22h',
        priority: 3,
        status: true,
        mediaPath: null,
        mediaName: null,
      });
      expect(await agent.get(`/announcements/${created.id}`)).toMatchObject({ status: 200, body: created });
    });

    it('refuses bad input with ERR_VALIDATION', async () => {
      const missing = await root.post('/announcements', { title: 'Sem texto' });
      expect(missing).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'text' }] } });
      const wrong = await root.post('/announcements', { title: 'x', text: 'y', priority: 4, status: 'yes' });
      expect((wrong.body as { fields: { field: string }[] }).fields.map((f) => f.field).sort()).toEqual(['priority', 'status']);
      const created = await create();
      expect(await root.put(`/announcements/${created.id}`, { title: '' })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
      expect(await root.get('/announcements/0')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    });

    it('refuses every write by a non-super user with 403 ERR_NO_PERMISSION', async () => {
      const created = await create();
      const refused = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
      expect(await agent.post('/announcements', { title: 'x', text: 'y' })).toMatchObject(refused);
      expect(await agent.put(`/announcements/${created.id}`, { title: 'x' })).toMatchObject(refused);
      expect(await agent.delete(`/announcements/${created.id}`)).toMatchObject(refused);
      expect(await upload(agent, created.id, 'a.png', PNG)).toMatchObject(refused);
      expect(await agent.delete(`/announcements/${created.id}/media-upload`)).toMatchObject(refused);
      expect((await agent.get<AnnouncementView>(`/announcements/${created.id}`)).body.title).toBe('Manutenção');
    });

    it('updates and deletes, answering ERR_NO_ANNOUNCEMENT_FOUND for a missing one', async () => {
      const created = await create();
      const updated = await root.put<AnnouncementView>(`/announcements/${created.id}`, { priority: 1, text: 'Domingo' });
      expect(updated).toMatchObject({ status: 200, body: { id: created.id, title: 'Manutenção', text: 'Domingo', priority: 1 } });
      expect(await root.delete(`/announcements/${created.id}`)).toMatchObject({ status: 200 });
      const notFound = { status: 404, body: { error: 'ERR_NO_ANNOUNCEMENT_FOUND' } };
      expect(await root.get(`/announcements/${created.id}`)).toMatchObject(notFound);
      expect(await root.put(`/announcements/${created.id}`, { title: 'x' })).toMatchObject(notFound);
      expect(await root.delete(`/announcements/${created.id}`)).toMatchObject(notFound);
      expect(await upload(root, created.id, 'a.png', PNG)).toMatchObject(notFound);
      expect(await root.delete(`/announcements/${created.id}/media-upload`)).toMatchObject(notFound);
    });

    it('hides inactive announcements from non-super users, in the list and by id', async () => {
      const tag = `vis${Date.now()}`;
      const active = await create({ title: `${tag} ativo` });
      const inactive = await create({ title: `${tag} inativo`, status: false });

      const seenByAgent = await agent.get<Page<AnnouncementView>>(`/announcements?searchParam=${tag}`);
      expect(seenByAgent.body).toMatchObject({ count: 1, hasMore: false });
      expect(seenByAgent.body.records.map((a) => a.id)).toEqual([active.id]);
      expect(await agent.get(`/announcements/${inactive.id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_ANNOUNCEMENT_FOUND' } });

      const seenBySuper = await root.get<Page<AnnouncementView>>(`/announcements?searchParam=${tag}`);
      expect(seenBySuper.body.records.map((a) => a.id)).toEqual([inactive.id, active.id]);
      expect(await root.get(`/announcements/${inactive.id}`)).toMatchObject({ status: 200, body: { status: false } });
    });

    it('pages 20 at a time, newest first', async () => {
      const tag = `page${Date.now()}`;
      const ids: number[] = [];
      for (let i = 0; i < 21; i++) ids.push((await create({ title: `${tag} ${i}` })).id);
      const first = await agent.get<Page<AnnouncementView>>(`/announcements?searchParam=${tag}`);
      expect(first.body).toMatchObject({ count: 21, hasMore: true });
      expect(first.body.records.map((a) => a.id)).toEqual(ids.slice(1).reverse());
      const second = await agent.get<Page<AnnouncementView>>(`/announcements?searchParam=${tag}&pageNumber=2`);
      expect(second.body).toMatchObject({ count: 21, hasMore: false, records: [{ id: ids[0] }] });
    });
  });

  describe('image', () => {
    it('stores a png, records its path and name, and serves it under /public', async () => {
      const created = await create();
      const response = await upload(root, created.id, 'Promoção de julho.png', PNG);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ id: created.id, mediaName: 'Promoção de julho.png' });
      expect(response.body.mediaPath).toMatch(new RegExp(`^announcements/${created.id}/[0-9a-f]{32}\\.png$`));

      const served = await fetch(`${stack.url}/public/${response.body.mediaPath}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
      expect((await agent.get<AnnouncementView>(`/announcements/${created.id}`)).body.mediaPath).toBe(response.body.mediaPath);
    });

    it('replaces an image (the old file is gone) and removes it', async () => {
      const created = await create();
      const first = (await upload(root, created.id, 'a.png', PNG)).body.mediaPath!;
      const second = await upload(root, created.id, 'b.jpeg', JPEG);
      expect(second.body).toMatchObject({ mediaName: 'b.jpeg' });
      expect((await fetch(`${stack.url}/public/${first}`)).status).toBe(404);
      const served = await fetch(`${stack.url}/public/${second.body.mediaPath}`);
      expect(served.headers.get('content-type')).toBe('image/jpeg');

      const removed = await root.delete<AnnouncementView>(`/announcements/${created.id}/media-upload`);
      expect(removed).toMatchObject({ status: 200, body: { mediaPath: null, mediaName: null } });
      expect((await fetch(`${stack.url}/public/${second.body.mediaPath}`)).status).toBe(404);
    });

    it('deletes the image with its announcement', async () => {
      const created = await create();
      const mediaPath = (await upload(root, created.id, 'a.jpg', JPEG)).body.mediaPath!;
      await root.delete(`/announcements/${created.id}`);
      expect((await fetch(`${stack.url}/public/${mediaPath}`)).status).toBe(404);
    });

    it('refuses other types, disguised files, a missing file and files over the size limit', async () => {
      const created = await create();
      const invalid = { status: 400, body: { error: 'ERR_VALIDATION', fields: [{ field: 'file' }] } };
      expect(await upload(root, created.id, 'a.gif', Buffer.from('GIF89a'))).toMatchObject(invalid);
      expect(await upload(root, created.id, 'page.png', Buffer.from('<html><script>alert(1)</script>'))).toMatchObject(invalid);
      expect(await root.request('POST', `/announcements/${created.id}/media-upload`, new FormData())).toMatchObject(invalid);
      expect(await upload(root, created.id, 'a.png', PNG, 'image')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      const huge = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
      expect(await upload(root, created.id, 'big.png', huge)).toMatchObject({ status: 413, body: { error: 'ERR_PAYLOAD_TOO_LARGE' } });
      expect((await root.get<AnnouncementView>(`/announcements/${created.id}`)).body.mediaPath).toBeNull();
    });

    it('serves nothing outside the store, whatever the path', async () => {
      const created = await create();
      const mediaPath = (await upload(root, created.id, 'a.png', PNG)).body.mediaPath!;
      const [, id, file] = mediaPath.split('/');
      for (const attempt of [
        '/public/%2e%2e/secret.txt',
        '/public/announcements/%2e%2e/%2e%2e/secret.txt',
        `/public/announcements/${id}/..%2f..%2f..%2fsecret.txt`,
        '/public/..%5csecret.txt',
        `/public/announcements/${id}/.${file}`,
        '/public/announcements',
        '/public/nothing-here.png',
      ]) {
        const response = await fetch(`${stack.url}${attempt}`);
        expect([attempt, response.status]).toEqual([attempt, 404]);
        expect(await response.text()).not.toContain('top secret');
      }
    });
  });

  describe('live', () => {
    it('announces create, update and delete to every company as company-announcement', async () => {
      const recorder = new SocketRecorder(await connectSocket(stack.url, tenant.adminSession.token));
      try {
        const created = await create({ title: 'Ao vivo', priority: 2 });
        expect(await recorder.next<AnnouncementEventPayload>('company-announcement')).toEqual({ action: 'create', record: created });
        const updated = (await root.put<AnnouncementView>(`/announcements/${created.id}`, { status: false })).body;
        expect(await recorder.next<AnnouncementEventPayload>('company-announcement')).toEqual({ action: 'update', record: updated });
        const withImage = (await upload(root, created.id, 'a.png', PNG)).body;
        expect(await recorder.next<AnnouncementEventPayload>('company-announcement')).toEqual({ action: 'update', record: withImage });
        await root.delete(`/announcements/${created.id}`);
        expect(await recorder.next<AnnouncementEventPayload>('company-announcement')).toEqual({ action: 'delete', id: created.id });
      } finally {
        recorder.close();
      }
    });
  });
});
