export * from './subjects.js';
export * from './dto.js';
export * from './views.js';
export * from './events.js';
export * from './contract.js';
