export * from './storable-text.js';
