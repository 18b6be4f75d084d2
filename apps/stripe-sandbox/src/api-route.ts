import { matchesRange, type ParamReader } from './param-reader.js';
import { listPage, readPage, render } from './render.js';
import type { RequestOrigin, StripeAccount } from './stripe-account.js';
import { resourceMissing } from './stripe-error.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

/** What a `/v1` handler gets: the request's parameters (body or query), path match and origin. */
export interface ApiContext {
  params: ParamReader;
  match: RegExpMatchArray;
  origin: RequestOrigin;
  account: StripeAccount;
  webhooks: WebhookDispatcher;
}

/** One `/v1` endpoint. The handler reads its parameters, calls `params.done()`, then acts. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle(context: ApiContext): object;
}

/** `[A-Za-z0-9_]+`: an object id in a path. */
export const ID = '([A-Za-z0-9_]+)';

/** `GET /v1/<resource>/{id}` with `expand[]`. */
export function retrieveRoute(
  resource: string,
  objectName: string,
  find: (context: ApiContext, id: string) => object | undefined,
): ApiRoute {
  return {
    method: 'GET',
    pattern: new RegExp(`^/v1/${resource}/${ID}$`),
    handle: (context) => {
      const expand = context.params.expand();
      context.params.done();
      const found = find(context, context.match[1]!);
      if (!found) throw resourceMissing(objectName, context.match[1]!);
      return render(context.account, found, expand);
    },
  };
}

/**
 * `GET /v1/<resource>`: newest first, `created` range, cursor pagination, `expand[]=data.…`, and
 * the resource's own filters (`readFilter` reads them and answers the predicate).
 */
export function listRoute<T extends { id: string; created: number }>(
  resource: string,
  objectName: string,
  items: (context: ApiContext) => T[],
  readFilter: (params: ParamReader) => (item: T) => boolean = () => () => true,
): ApiRoute {
  return {
    method: 'GET',
    pattern: new RegExp(`^/v1/${resource}$`),
    handle: (context) => {
      const { params } = context;
      const keep = readFilter(params);
      const created = params.range('created');
      const page = readPage(params);
      const expand = params.expand();
      params.done();
      return listPage(
        context.account,
        items(context),
        (item) => keep(item) && matchesRange(item.created, created),
        page,
        `/v1/${resource}`,
        objectName,
        expand,
      );
    },
  };
}
