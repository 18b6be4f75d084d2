export * from './permissions.js';
export * from './paging.js';
export * from './locks.js';
export * from './dates.js';
export * from './plan-limits.js';
export * from './company-settings.js';
export * from './sessions-channel.js';
export * from './secret-box.js';
