import type { StripeAccount } from './stripe-account.js';
import type { ParamReader } from './param-reader.js';
import { invalidParam, resourceMissing } from './stripe-error.js';

type StripeObject = { id: string; object: string } & Record<string, unknown>;

/** Which fields of each object `expand[]` may turn from an id into the object (Stripe's names). */
const EXPANDABLE: Record<string, readonly string[]> = {
  payment_intent: ['latest_charge', 'payment_method'],
  charge: ['balance_transaction', 'payment_intent', 'refunds'],
  refund: ['balance_transaction', 'charge', 'payment_intent'],
  balance_transaction: ['source'],
};
const MAX_EXPAND_DEPTH = 4;

function byId(account: StripeAccount, id: string): StripeObject | undefined {
  const prefix = id.slice(0, id.indexOf('_'));
  const store = {
    pi: account.intents,
    pm: account.paymentMethods,
    ch: account.charges,
    txn: account.balanceTransactions,
    re: account.refunds,
  }[prefix];
  return store?.get(id) as StripeObject | undefined;
}

function refundsList(account: StripeAccount, chargeId: string) {
  const data = account.refunds.newestFirst().filter((refund) => refund.charge === chargeId);
  return { object: 'list', data, has_more: false, total_count: data.length, url: `/v1/charges/${chargeId}/refunds` };
}

function expandInto(account: StripeAccount, value: StripeObject, paths: string[][], fullPaths: string[]): StripeObject {
  const copy = structuredClone(value);
  const byHead = new Map<string, string[][]>();
  paths.forEach((path, index) => {
    const head = path[0]!;
    if (!(EXPANDABLE[copy.object] ?? []).includes(head) || path.length > MAX_EXPAND_DEPTH) {
      throw invalidParam('expand', `This property cannot be expanded (${fullPaths[index]}).`, 'parameter_invalid_string');
    }
    byHead.set(head, [...(byHead.get(head) ?? []), path.slice(1)]);
  });
  for (const [head, rest] of byHead) {
    const tails = rest.filter((tail) => tail.length > 0);
    if (head === 'refunds') {
      copy.refunds = refundsList(account, copy.id);
      continue;
    }
    const id = copy[head];
    if (typeof id !== 'string') continue;
    const target = byId(account, id);
    if (target)
      copy[head] = expandInto(
        account,
        target,
        tails,
        tails.map((tail) => [head, ...tail].join('.')),
      );
  }
  return copy;
}

/** An object as the API answers it, with `expand[]` applied (ids replaced by the objects). */
export function render(account: StripeAccount, value: object, expand: string[]): StripeObject {
  return expandInto(
    account,
    value as StripeObject,
    expand.map((path) => path.split('.')),
    expand,
  );
}

export interface Page {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

/** `limit`, `starting_after`, `ending_before`: Stripe's cursor pagination parameters. */
export function readPage(params: ParamReader): Page {
  return {
    limit: params.integer('limit', { min: 1, max: 100 }) ?? 10,
    startingAfter: params.string('starting_after'),
    endingBefore: params.string('ending_before'),
  };
}

/**
 * A page of a list, newest first, as Stripe answers `GET /v1/<objects>`: the cursors name
 * objects of the whole (unfiltered) list, as on Stripe.
 */
export function listPage<T extends { id: string }>(
  account: StripeAccount,
  all: T[],
  keep: (item: T) => boolean,
  page: Page,
  url: string,
  objectName: string,
  expand: string[],
) {
  const position = (id: string, param: string) => {
    const index = all.findIndex((item) => item.id === id);
    if (index < 0) throw resourceMissing(objectName, id, param);
    return index;
  };
  const indexed = all.map((item, index) => ({ item, index })).filter(({ item }) => keep(item));
  let selected: typeof indexed;
  let hasMore: boolean;
  if (page.startingAfter) {
    const after = position(page.startingAfter, 'starting_after');
    const rest = indexed.filter(({ index }) => index > after);
    selected = rest.slice(0, page.limit);
    hasMore = rest.length > page.limit;
  } else if (page.endingBefore) {
    const before = position(page.endingBefore, 'ending_before');
    const rest = indexed.filter(({ index }) => index < before);
    selected = rest.slice(Math.max(0, rest.length - page.limit));
    hasMore = rest.length > page.limit;
  } else {
    selected = indexed.slice(0, page.limit);
    hasMore = indexed.length > page.limit;
  }
  return { object: 'list', data: selected.map(({ item }) => render(account, item, itemExpansions(expand))), has_more: hasMore, url };
}

/** In a list, `expand[]=data.latest_charge` expands each item's `latest_charge`. */
export function itemExpansions(expand: string[]): string[] {
  return expand.map((path) => {
    if (!path.startsWith('data.'))
      throw invalidParam(
        'expand',
        `This property cannot be expanded (${path}). In a list, expand data.<field>.`,
        'parameter_invalid_string',
      );
    return path.slice('data.'.length);
  });
}
