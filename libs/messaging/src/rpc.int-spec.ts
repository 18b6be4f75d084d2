import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IsInt, Min } from 'class-validator';
import { AppError, ErrorCode, type NoData, type Rpc } from '@atrium/contracts';
import { createLogger, currentRequestId, runWithRequestId } from '@atrium/logging';
import { randomBytes } from 'node:crypto';
import { PrefixedNatsClient, PrefixedNatsServer } from './nats-transport.js';
import { ContractClient } from './rpc-client.js';
import { contractHandler } from './rpc-handler.js';
import { RpcData } from './rpc-params.js';
import { AppErrorFilter, RpcRequestContextInterceptor } from './rpc-server.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

class DoubleDto {
  @IsInt() @Min(0) value!: number;
}

/** The echo service's contract: what each subject takes and answers. */
type EchoContract = {
  'echo.request-id': Rpc<NoData, string | undefined>;
  'echo.double': Rpc<{ value: number }, number>;
  'echo.fail': Rpc<NoData, never>;
  'echo.crash': Rpc<NoData, never>;
};

const EchoHandler = contractHandler<EchoContract>();

@Controller()
class EchoController {
  @EchoHandler('echo.request-id')
  requestId(): string | undefined {
    return currentRequestId();
  }

  @EchoHandler('echo.double')
  double(@RpcData({ dto: DoubleDto }) dto: DoubleDto): number {
    return dto.value * 2;
  }

  @EchoHandler('echo.fail')
  fail(): never {
    throw new AppError(ErrorCode.ERR_NO_TICKET_FOUND);
  }

  @EchoHandler('echo.crash')
  crash(): never {
    throw new Error('secret internals');
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

async function startEcho(prefix: string): Promise<INestMicroservice> {
  const logger = createLogger({ service: 'echo', level: 'silent' });
  const app = await NestFactory.createMicroservice(EchoModule, {
    strategy: new PrefixedNatsServer({ servers: NATS_URL }, prefix),
    logger: false,
  });
  app.useGlobalFilters(new AppErrorFilter(logger));
  app.useGlobalInterceptors(new RpcRequestContextInterceptor());
  await app.listen();
  return app;
}

describe('RPC over NATS', () => {
  const prefix = `t${randomBytes(4).toString('hex')}.`;
  let server: INestMicroservice;
  let client: ContractClient<EchoContract>;

  beforeAll(async () => {
    server = await startEcho(prefix);
    client = new ContractClient<EchoContract>(new PrefixedNatsClient({ servers: NATS_URL }, prefix));
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('carries the caller’s request id to the handler', async () => {
    const seen = await runWithRequestId('req-across-nats', () => client.request('echo.request-id', {}));
    expect(seen).toBe('req-across-nats');
  });

  it('validates the payload at the service boundary', async () => {
    await expect(client.request('echo.double', { value: 21 })).resolves.toBe(42);
    await expect(client.request('echo.double', { value: -1 })).rejects.toMatchObject({ code: ErrorCode.ERR_VALIDATION, status: 400 });
  });

  it('brings an AppError back with its code and status, and hides unexpected errors', async () => {
    await expect(client.request('echo.fail', {})).rejects.toMatchObject({ code: ErrorCode.ERR_NO_TICKET_FOUND, status: 404 });
    const crash = client.request('echo.crash', {});
    await expect(crash).rejects.toMatchObject({ code: ErrorCode.ERR_INTERNAL, status: 500 });
    await expect(crash).rejects.not.toMatchObject({ message: expect.stringContaining('secret') });
  });

  it('does not reach a service under another subject prefix', async () => {
    const stranger = new ContractClient<EchoContract>(new PrefixedNatsClient({ servers: NATS_URL }, `other${prefix}`));
    await stranger.connect();
    try {
      await expect(stranger.request('echo.double', { value: 1 }, { timeoutMs: 300 })).rejects.toMatchObject({
        code: ErrorCode.ERR_SERVICE_UNAVAILABLE,
      });
    } finally {
      await stranger.close();
    }
  });
});
