export * from './subjects.js';
export * from './contract.js';
export * from './queue-integrations.js';
export * from './prompts.js';
