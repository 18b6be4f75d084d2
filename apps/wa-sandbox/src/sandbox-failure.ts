import type { SandboxErrorReason } from '@atrium/channel';

const HTTP_STATUS: Readonly<Record<SandboxErrorReason, number>> = {
  'not-connected': 409,
  'invalid-number': 400,
  'message-not-found': 404,
  failed: 400,
};

/** A refusal of the network: a driver gets `reason`, the HTTP API `httpStatus` and the message. */
export class SandboxFailure extends Error {
  readonly httpStatus: number;

  constructor(
    readonly reason: SandboxErrorReason,
    message: string,
    httpStatus?: number,
  ) {
    super(message);
    this.name = 'SandboxFailure';
    this.httpStatus = httpStatus ?? HTTP_STATUS[reason];
  }
}
