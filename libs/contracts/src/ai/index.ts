export * from './subjects.js';
export * from './contract.js';
export * from './queue-integrations.js';
export * from './prompts.js';
export * from './flows.js';
export * from './flow-graph.js';
export * from './flow-values.js';
export * from './flow-plan.js';
