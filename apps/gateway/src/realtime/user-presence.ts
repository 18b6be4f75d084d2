import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, type Actor, type UserStatusDto } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { RpcClient } from '@atrium/messaging';
import { LOGGER } from '@atrium/service-kit';

const PRESENCE_TIMEOUT_MS = 5_000;

/** Tells identity when a user is online (their client's `userStatus`) and when their last socket here left. */
@Injectable()
export class UserPresence {
  constructor(
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Fire and forget: presence is best effort and never fails a socket. */
  report(actor: Actor, online: boolean): void {
    const data: UserStatusDto = { online };
    this.rpc.request(IdentitySubjects.usersStatus, data, { actor, timeoutMs: PRESENCE_TIMEOUT_MS }).catch((error: unknown) => {
      this.logger.debug({ err: error, userId: actor.userId, online }, 'user presence not recorded');
    });
  }
}
