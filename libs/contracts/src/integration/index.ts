export * from '../streams.js';
export * from './integration-events.js';
