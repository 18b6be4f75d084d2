import type { SettingView } from '@atrium/contracts';
import { SETTING_KEYS } from '@atrium/contracts';
import { aUser } from '@atrium/testing';
import { startStack, type Stack } from './stack.js';
import { signUpTenant, type Tenant } from './tenants.js';

describe('settings API', () => {
  let stack: Stack;
  let alpha: Tenant;
  let beta: Tenant;

  beforeAll(async () => {
    stack = await startStack();
    [alpha, beta] = await Promise.all([signUpTenant(stack), signUpTenant(stack)]);
  });
  afterAll(() => stack.stop());

  it('creates every setting of spec 001 with its default for a new company', async () => {
    const response = await alpha.admin.get<SettingView[]>('/settings');
    expect(response.status).toBe(200);
    expect(response.body.map((s) => s.key).sort()).toEqual([...SETTING_KEYS].sort());
    expect(response.body).toEqual(
      expect.arrayContaining([
        { key: 'scheduleType', value: 'disabled' },
        { key: 'chatBotType', value: 'text' },
        { key: 'campaignsEnabled', value: 'true' },
      ]),
    );
  });

  it('lets an admin change a setting, and only in their own company', async () => {
    const saved = await alpha.admin.put<SettingView>('/settings/userRating', { key: 'userRating', value: 'enabled' });
    expect(saved).toMatchObject({ status: 200, body: { key: 'userRating', value: 'enabled' } });
    const alphaSettings = (await alpha.admin.get<SettingView[]>('/settings')).body;
    expect(alphaSettings).toContainEqual({ key: 'userRating', value: 'enabled' });
    const betaSettings = (await beta.admin.get<SettingView[]>('/settings')).body;
    expect(betaSettings).toContainEqual({ key: 'userRating', value: 'disabled' });
  });

  it('refuses unknown keys, invalid values and missing values', async () => {
    expect(await alpha.admin.put('/settings/noSuchKey', { value: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'ERR_NO_SETTING_FOUND' },
    });
    expect(await alpha.admin.put('/settings/scheduleType', { value: 'sometimes' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_SETTING_VALUE' },
    });
    expect(await alpha.admin.put('/settings/scheduleType', {})).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it("gives a company the platform's time zone, takes IANA names only, and reads an emptied one as the platform's", async () => {
    const zone = async () => (await beta.admin.get<SettingView[]>('/settings')).body.find((setting) => setting.key === 'timezone');
    expect(await zone()).toEqual({ key: 'timezone', value: 'America/Sao_Paulo' });
    expect(await beta.admin.put('/settings/timezone', { value: 'Europe/Lisbon' })).toMatchObject({
      status: 200,
      body: { key: 'timezone', value: 'Europe/Lisbon' },
    });
    expect(await zone()).toEqual({ key: 'timezone', value: 'Europe/Lisbon' });
    expect(await beta.admin.put('/settings/timezone', { value: 'Europe/Atlantis' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_INVALID_SETTING_VALUE' },
    });
    expect(await zone()).toEqual({ key: 'timezone', value: 'Europe/Lisbon' });
    expect((await beta.admin.put('/settings/timezone', { value: '' })).status).toBe(200);
    expect(await zone()).toEqual({ key: 'timezone', value: 'America/Sao_Paulo' });
  });

  it('lets a plain user read settings (without the payment token) but not change them', async () => {
    await alpha.admin.put('/settings/asaas', { value: 'secret-token' });
    const agent = aUser();
    await alpha.admin.post('/users', agent);
    const client = stack.client();
    await client.login(agent.email, agent.password);
    const visible = (await client.get<SettingView[]>('/settings')).body;
    expect(visible.map((s) => s.key)).toContain('userRating');
    expect(visible.map((s) => s.key)).not.toContain('asaas');
    expect(await client.put('/settings/userRating', { value: 'disabled' })).toMatchObject({
      status: 403,
      body: { error: 'ERR_NO_PERMISSION' },
    });
    expect((await alpha.admin.get<SettingView[]>('/settings')).body).toContainEqual({ key: 'asaas', value: 'secret-token' });
  });
});
