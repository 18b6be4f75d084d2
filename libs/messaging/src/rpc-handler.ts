import { MessagePattern } from '@nestjs/microservices';
import type { ContractMap, ReplyOf, RpcContract, SubjectOf } from '@atrium/contracts';

/** A handler method whose result is the subject's reply (or a promise of it). */
type HandlerOf<TReply> = (...args: never[]) => TReply | Promise<TReply>;

/**
 * `@MessagePattern` for a subject of a contract map, checked against it: a handler whose
 * result is not the subject's reply type does not compile. The payload is read with
 * `@RpcData({ dto })`/`@RpcId()`, whose DTOs are the contract's request types.
 */
export function contractHandler<C extends ContractMap>() {
  return <S extends SubjectOf<C>>(subject: S) =>
    <M extends HandlerOf<ReplyOf<C, S>>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
      MessagePattern(subject)(target, key, descriptor);
    };
}

/** The handler decorator of every service's subjects (`RpcContract`). */
export const RpcHandler = contractHandler<RpcContract>();
