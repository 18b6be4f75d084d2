export * from './errors/index.js';
export * from './actor.js';
export * from './rpc.js';
export * from './paging.js';
export * from './events/index.js';
export * from './identity/index.js';
export * from './sessions/index.js';
export * from './tickets/index.js';
