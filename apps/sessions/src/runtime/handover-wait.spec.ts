import { AppError, ErrorCode } from '@atrium/contracts';
import { HandoverWait, notSentError } from './handover-wait.js';

/** An attempt that fails with `errors` in turn, then answers 'sent'; counts its calls. */
function attemptFailing(...errors: AppError[]) {
  const attempt = async () => {
    attempt.calls += 1;
    const error = errors[attempt.calls - 1];
    if (error) throw error;
    return 'sent';
  };
  attempt.calls = 0;
  return attempt;
}

const moving = async () => true;

describe('HandoverWait', () => {
  it('tries a command that reached no driver again until the session’s new owner runs it', async () => {
    const attempt = attemptFailing(notSentError(), notSentError());
    await expect(new HandoverWait(5_000).run(attempt, moving, 10_000, false)).resolves.toBe('sent');
    expect(attempt.calls).toBe(3);
  });

  it('never repeats a command that may have run: a timeout, or the driver’s "not connected" for a command without its own id', async () => {
    const timedOut = attemptFailing(new AppError(ErrorCode.ERR_SERVICE_UNAVAILABLE));
    await expect(new HandoverWait(5_000).run(timedOut, moving, 10_000, true)).rejects.toMatchObject({
      code: ErrorCode.ERR_SERVICE_UNAVAILABLE,
    });
    expect(timedOut.calls).toBe(1);
    const closedUnderIt = attemptFailing(new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED));
    await expect(new HandoverWait(5_000).run(closedUnderIt, moving, 10_000, false)).rejects.toMatchObject({
      code: ErrorCode.ERR_WAPP_NOT_INITIALIZED,
    });
    expect(closedUnderIt.calls).toBe(1);
    // With its own WhatsApp id, a repeat is the message sent before: safe.
    const withId = attemptFailing(new AppError(ErrorCode.ERR_WAPP_NOT_INITIALIZED));
    await expect(new HandoverWait(5_000).run(withId, moving, 10_000, true)).resolves.toBe('sent');
  });

  it('fails at once for a session that is not moving, and after the wait for one that never arrives', async () => {
    const still = attemptFailing(notSentError());
    await expect(new HandoverWait(5_000).run(still, async () => false, 10_000, false)).rejects.toMatchObject({
      code: ErrorCode.ERR_WAPP_NOT_INITIALIZED,
    });
    expect(still.calls).toBe(1);
    const never = attemptFailing(...Array.from({ length: 100 }, () => notSentError()));
    const started = Date.now();
    await expect(new HandoverWait(500).run(never, moving, 10_000, false)).rejects.toMatchObject({
      code: ErrorCode.ERR_WAPP_NOT_INITIALIZED,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('is drained once every held command is answered', async () => {
    const wait = new HandoverWait(5_000);
    let answered = false;
    void wait.run(attemptFailing(notSentError()), moving, 10_000, false).then(() => (answered = true));
    await wait.drained();
    expect(answered).toBe(true);
  });
});
