export { GatewayConfig } from './config.js';
export { startGateway } from './gateway.js';
