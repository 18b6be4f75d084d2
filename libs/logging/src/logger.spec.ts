import { Writable } from 'node:stream';
import { createLogger } from './logger.js';
import { runWithRequestId } from './request-context.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { lines, logger: createLogger({ service: 'test', level: 'info', destination }) };
}

describe('createLogger', () => {
  it('writes JSON with the service name and redacts secrets wherever they sit', () => {
    const { lines, logger } = capture();
    logger.info(
      { password: 'p1', data: { password: 'p2', body: { password: 'p3' } }, user: { token: 't' }, headers: { authorization: 'Bearer x' } },
      'hello',
    );
    expect(lines[0]).toMatchObject({
      name: 'test',
      msg: 'hello',
      password: '[redacted]',
      data: { password: '[redacted]', body: { password: '[redacted]' } },
      user: { token: '[redacted]' },
      headers: { authorization: '[redacted]' },
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/p1|p2|p3|Bearer/);
  });

  it('adds the current request id to every line inside runWithRequestId', async () => {
    const { lines, logger } = capture();
    await runWithRequestId('req-42', async () => {
      await Promise.resolve();
      logger.info('inside');
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', requestId: 'req-42' });
    expect(lines[1]).not.toHaveProperty('requestId');
  });
});
