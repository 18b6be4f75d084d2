import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { aSessionUser } from '../../../test/session-user';
import { createStore } from '../../app/store';
import { loggedIn } from '../../features/auth/auth.slice';
import { api } from './api';

const probe = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<{ ok: boolean }, void>({ query: () => '/probe' }) }),
});

function signedInStore() {
  const store = createStore();
  store.dispatch(loggedIn({ token: 'old-token', user: aSessionUser() }));
  return store;
}

describe('session rules of the API client (spec 000 section 4)', () => {
  let network: FakeApi;
  afterEach(() => network.restore());

  it('sends the bearer token and the cookies', async () => {
    network = fakeApi({ 'GET /probe': { body: { ok: true } } });
    const store = signedInStore();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(network.callsTo('GET /probe')[0]!.authorization).toBe('Bearer old-token');
  });

  it('signs the tab out on 401', async () => {
    network = fakeApi({ 'GET /probe': { status: 401, body: { error: 'ERR_SESSION_EXPIRED', status: 401 } } });
    const store = signedInStore();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(store.getState().auth.token).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(network.callsTo('POST /auth/refresh_token')).toHaveLength(0);
  });

  it('refreshes once on 403 and retries with the new token', async () => {
    let attempts = 0;
    network = fakeApi({
      'GET /probe': () =>
        ++attempts === 1 ? { status: 403, body: { error: 'ERR_SESSION_EXPIRED', status: 403 } } : { body: { ok: true } },
      'POST /auth/refresh_token': { body: { token: 'new-token', user: aSessionUser() } },
    });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.data).toEqual({ ok: true });
    expect(network.callsTo('POST /auth/refresh_token')).toHaveLength(1);
    expect(network.callsTo('GET /probe').map((call) => call.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(store.getState().auth.token).toBe('new-token');
    expect(window.localStorage.getItem('token')).toBe('new-token');
  });

  it('refreshes only once for calls that fail together', async () => {
    const seen = new Map<string, number>();
    network = fakeApi({
      'GET /probe': (call) => {
        const count = (seen.get(call.authorization ?? '') ?? 0) + 1;
        seen.set(call.authorization ?? '', count);
        return call.authorization === 'Bearer new-token'
          ? { body: { ok: true } }
          : { status: 403, body: { error: 'ERR_SESSION_EXPIRED', status: 403 } };
      },
      'POST /auth/refresh_token': { body: { token: 'new-token', user: aSessionUser() } },
    });
    const store = signedInStore();
    const other = api.injectEndpoints({
      endpoints: (build) => ({ other: build.query<unknown, number>({ query: (n) => `/probe?n=${n}` }) }),
    });
    await Promise.all([store.dispatch(other.endpoints.other.initiate(1)), store.dispatch(other.endpoints.other.initiate(2))]);
    expect(network.callsTo('POST /auth/refresh_token')).toHaveLength(1);
  });

  it('does not refresh on a 403 that is a refusal (ERR_NO_PERMISSION), and keeps the session', async () => {
    network = fakeApi({
      'GET /probe': { status: 403, body: { error: 'ERR_NO_PERMISSION', status: 403 } },
      'POST /auth/refresh_token': { body: { token: 'new-token', user: aSessionUser() } },
    });
    const store = signedInStore();
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.error).toMatchObject({ status: 403, data: { error: 'ERR_NO_PERMISSION' } });
    expect(network.callsTo('POST /auth/refresh_token')).toHaveLength(0);
    expect(store.getState().auth.token).not.toBeNull();
  });

  it('signs the tab out when the refresh fails', async () => {
    network = fakeApi({
      'GET /probe': { status: 403, body: { error: 'ERR_SESSION_EXPIRED', status: 403 } },
      'POST /auth/refresh_token': { status: 401, body: { error: 'ERR_SESSION_EXPIRED', status: 401 } },
    });
    const store = signedInStore();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(store.getState().auth.token).toBeNull();
  });

  it('leaves calls made without a session alone (a failed login does not sign anything out)', async () => {
    network = fakeApi({ 'GET /probe': { status: 401, body: { error: 'ERR_INVALID_CREDENTIALS', status: 401 } } });
    const store = createStore();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(network.calls).toHaveLength(1);
  });
});
