export { SERVICE_CATALOG, type ServiceEntry } from './service-catalog.js';
export { migrateAll, serviceEnvironment, startSingleProcess, type SingleProcess, type SingleProcessOptions } from './single-process.js';
export { SingleConfig } from './config.js';
