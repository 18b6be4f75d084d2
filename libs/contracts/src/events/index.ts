export * from './domain-event.js';
