export * from './auth-state.js';
export * from './channel-events.js';
export * from './channel-driver.js';
export * from './channel-error.js';
export * from './backoff.js';
export * from './bounded-cache.js';
export * from './sandbox-protocol.js';
export * from './reconnecting-session.js';
