import { ID, listRoute, retrieveRoute, type ApiRoute } from './api-route.js';
import { invalidParam, missingParam, resourceMissing } from './stripe-error.js';

const EVENT_NAME = /^(\*|[a-z_]+(\.[a-z_]+)+)$/;

function checkUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // refused below
  }
  throw invalidParam('url', `Invalid URL: ${url}. A webhook endpoint needs an http or https URL.`, 'url_invalid');
}

function checkEvents(events: string[] | undefined, required: boolean): string[] | undefined {
  if (events === undefined) {
    if (required) throw missingParam('enabled_events');
    return undefined;
  }
  if (events.length === 0) throw missingParam('enabled_events');
  const invalid = events.find((name) => !EVENT_NAME.test(name));
  if (invalid) throw invalidParam('enabled_events', `Invalid event name: ${invalid}`);
  return events;
}

/** Events (what webhooks carried) and webhook endpoints. */
export const EVENT_ROUTES: ApiRoute[] = [
  listRoute(
    'events',
    'event',
    ({ account }) => account.events.newestFirst(),
    (params) => {
      const type = params.string('type');
      const types = params.strings('types');
      const deliverySuccess = params.boolean('delivery_success');
      if (type !== undefined && types !== undefined) throw invalidParam('types', 'You cannot pass both type and types.');
      const wanted = types ?? (type !== undefined ? [type] : undefined);
      // A type may end in `.*` (payment_intent.*), as on Stripe.
      const matchesType = (name: string) =>
        !wanted || wanted.some((pattern) => (pattern.endsWith('.*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));
      return (event) => matchesType(event.type) && (deliverySuccess === undefined || (event.pending_webhooks === 0) === deliverySuccess);
    },
  ),
  retrieveRoute('events', 'event', ({ account }, id) => account.events.get(id)),
  {
    method: 'POST',
    pattern: /^\/v1\/webhook_endpoints$/,
    handle: ({ params, webhooks }) => {
      const url = checkUrl(params.string('url', { required: true }));
      const enabledEvents = checkEvents(params.strings('enabled_events'), true)!;
      const input = {
        url,
        enabledEvents,
        description: params.string('description', { max: 5000 }),
        metadata: Object.fromEntries(
          Object.entries(params.metadata() || {}).filter((entry): entry is [string, string] => entry[1] !== null),
        ),
        apiVersion: params.string('api_version'),
      };
      params.string('connect', { oneOf: ['false'] });
      params.done();
      return webhooks.addEndpoint(input);
    },
  },
  listRoute('webhook_endpoints', 'webhook_endpoint', ({ webhooks }) => webhooks.listEndpoints()),
  retrieveRoute('webhook_endpoints', 'webhook_endpoint', ({ webhooks }, id) => webhooks.endpoint(id)),
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/webhook_endpoints/${ID}$`),
    handle: ({ params, webhooks, match }) => {
      const url = params.string('url');
      const enabledEvents = checkEvents(params.strings('enabled_events'), false);
      const description = params.string('description', { max: 5000 });
      const disabled = params.boolean('disabled');
      const metadata = params.metadata();
      params.done();
      const endpoint = webhooks.endpoint(match[1]!);
      if (!endpoint) throw resourceMissing('webhook_endpoint', match[1]!);
      if (url !== undefined) endpoint.url = checkUrl(url);
      if (enabledEvents) endpoint.enabled_events = enabledEvents;
      if (description !== undefined) endpoint.description = description;
      if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
      if (metadata === '') endpoint.metadata = {};
      else if (metadata) {
        for (const [key, value] of Object.entries(metadata)) {
          if (value === null) delete endpoint.metadata[key];
          else endpoint.metadata[key] = value;
        }
      }
      return endpoint;
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/v1/webhook_endpoints/${ID}$`),
    handle: ({ params, webhooks, match }) => {
      params.done();
      if (!webhooks.deleteEndpoint(match[1]!)) throw resourceMissing('webhook_endpoint', match[1]!);
      return { id: match[1], object: 'webhook_endpoint', deleted: true };
    },
  },
];
