/**
 * The typed contract of a NATS request/reply subject: what the caller sends (the envelope's
 * `data`) and what the service answers. Each service declares one map from its subjects to
 * these (`IdentityContract`, `TicketsContract`, `SessionsContract`); `RpcContract` joins them,
 * and the request client (`RpcClient.request`) and the handler decorator (`RpcHandler`) of
 * libs/messaging read it, so a subject's request and reply types are the only way to call it.
 */
export interface Rpc<TRequest, TReply> {
  request: TRequest;
  reply: TReply;
}

/** A request that carries no data: `{}`. */
export type NoData = Record<string, never>;

/** A request that addresses one record. */
export interface ById {
  id: number;
}

/** An update of one record: its id and the changes. */
export interface Update<TBody> {
  id: number;
  body: TBody;
}

/** Asked by another service for a company, without an actor. */
export interface ByCompany {
  companyId: number;
}

/** What deletes answer. */
export interface Done {
  message: string;
}

/** What commands without a result answer. */
export interface Ok {
  ok: true;
}

/** What access checks answer. */
export interface Allowed {
  allowed: boolean;
}

/** A map from subjects to their request and reply types. */
export type ContractMap = { [subject: string]: Rpc<unknown, unknown> };

export type SubjectOf<C extends ContractMap> = keyof C & string;
export type RequestOf<C extends ContractMap, S extends SubjectOf<C>> = C[S]['request'];
export type ReplyOf<C extends ContractMap, S extends SubjectOf<C>> = C[S]['reply'];
