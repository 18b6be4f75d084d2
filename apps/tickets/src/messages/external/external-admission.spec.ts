import { jest } from '@jest/globals';
import { AppError, ErrorCode } from '@atrium/contracts';
import { EXTERNAL_ADMISSION_WAIT_MS, ExternalAdmission } from './external-admission.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('ExternalAdmission', () => {
  afterEach(() => jest.useRealTimers());

  it('admits half the pool at once; the others wait their turn, in order', async () => {
    const admission = new ExternalAdmission({ DATABASE_POOL_MAX: 4 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      admission.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
  });

  it('refuses a call that waited too long with 503 ERR_SERVICE_UNAVAILABLE and a retry hint, without running it', async () => {
    jest.useFakeTimers();
    const admission = new ExternalAdmission({ DATABASE_POOL_MAX: 1 });
    const gate = deferred();
    const first = admission.run(() => gate.promise);
    let ran = false;
    const second = admission.run(async () => {
      ran = true;
    });
    const refused = second.catch((error: unknown) => error);
    jest.advanceTimersByTime(EXTERNAL_ADMISSION_WAIT_MS + 1);
    expect(await refused).toBeInstanceOf(AppError);
    expect(await refused).toMatchObject({ code: ErrorCode.ERR_SERVICE_UNAVAILABLE, status: 503, data: { retryAfterSeconds: 2 } });
    expect(ran).toBe(false);
    gate.resolve();
    await first;
    // the place freed, the next call runs at once
    expect(await admission.run(async () => 'ran')).toBe('ran');
  });
});
