export * from './visibility.js';
export * from './subjects.js';
export * from './views.js';
export * from './events.js';
export * from './dto.js';
export * from './media-keys.js';
export * from './call-notice.js';
