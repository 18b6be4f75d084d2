export { GatewayConfig } from './config.js';
export { startGateway } from './gateway.js';
export { LIVE_EVENT_PATTERNS, LIVE_EVENT_ROUTES } from './live-events/live-event-routes.js';
export type { NoRoute, ReadRoute } from './realtime/live-event-access.js';
