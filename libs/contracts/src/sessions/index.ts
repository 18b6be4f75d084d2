export * from './status.js';
export * from './views.js';
export * from './dto.js';
export * from './messages.js';
export * from './inbound.js';
export * from './outbound.js';
export * from './subjects.js';
export * from './contract.js';
