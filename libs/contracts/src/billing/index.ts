export * from './subjects.js';
export * from './views.js';
export * from './dto.js';
export * from './money.js';
export * from './recurrence.js';
export * from './contract.js';
