export * from './subjects.js';
export * from './settings.js';
export * from './views.js';
export * from './dto.js';
export * from './contract.js';
export * from './schedules.js';
export * from './onboarding.js';
export * from './permissions.js';
