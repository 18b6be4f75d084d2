/** Injection tokens of what CoreModule provides to every service. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const DATABASE = Symbol('DATABASE');
export const REDIS = Symbol('REDIS');
export const NATS_PROXY = Symbol('NATS_PROXY');
