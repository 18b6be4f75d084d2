export * from './domain-event.js';
export * from './live-events.js';
