export * from './tenant-policy.js';
export * from './database.js';
export * from './migrations.js';
