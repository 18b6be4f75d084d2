export * from './meta-graph-client.js';
export * from './meta-graph-error.js';
export * from './meta-graph-types.js';
export * from './webhook-signature.js';
