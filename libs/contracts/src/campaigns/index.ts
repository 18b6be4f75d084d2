export * from './subjects.js';
export * from './schedules.js';
export * from './campaigns.js';
export * from './contact-lists.js';
export * from './file-lists.js';
export * from './contract.js';
