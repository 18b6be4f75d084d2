export { GatewayConfig } from './config.js';
export { startGateway } from './gateway.js';
export { LIVE_EVENT_PATTERNS, LIVE_EVENT_ROUTES, type NoRoute, type ReadRoute } from './realtime/live-event-access.js';
