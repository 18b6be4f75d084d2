export * from './error-code.js';
export * from './app-error.js';
export * from './busy-error.js';
