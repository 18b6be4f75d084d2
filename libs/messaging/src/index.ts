export * from './nats-transport.js';
export * from './rpc-client.js';
export * from './event-bus.js';
export * from './rpc-params.js';
export * from './rpc-server.js';
