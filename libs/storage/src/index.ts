export * from './object-storage.js';
export * from './storage-key.js';
export * from './local-disk-storage.js';
export * from './s3-object-storage.js';
export * from './create-object-storage.js';
export * from './claim-upload.js';
