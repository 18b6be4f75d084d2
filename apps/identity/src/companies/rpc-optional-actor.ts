import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor, RpcRequest } from '@atrium/contracts';

/**
 * The acting user when the request is made on someone's behalf, or undefined when another
 * service asks for itself (e.g. sessions reading a company's plan limits).
 */
export const RpcOptionalActor = createParamDecorator(
  (_: unknown, context: ExecutionContext): Actor | undefined => context.switchToRpc().getData<RpcRequest>().actor,
);
