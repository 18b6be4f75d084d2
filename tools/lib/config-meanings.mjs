/**
 * What a variable means, for the variables whose config class has no comment above them
 * (a comment in the class always wins). Used by tools/config-docs.mjs.
 */
export const FALLBACK_MEANINGS = {
  NODE_ENV: '`development`, `test` or `production` (production requires real secrets and seeds no demo data)',
  LOG_LEVEL: 'pino level: fatal, error, warn, info, debug, trace or silent',
  DATABASE_POOL_MAX: 'PostgreSQL connections per process',
  NATS_URL: 'NATS server(s), comma-separated',
  REDIS_URL: 'Redis server (BullMQ, rate limits, caches)',
  REDIS_PREFIX: 'prefix of every Redis key this process writes',
  HEALTH_PORT: 'HTTP port of /health/live and /health/ready',
  APP_VERSION: 'version reported by GET /version and the API docs',
  ACCESS_TOKEN_TTL_SECONDS: 'lifetime of an access token (JWT)',
  REFRESH_TOKEN_TTL_SECONDS: 'lifetime of a refresh session (the `jrt` cookie)',
  ADMIN_PASSWORD: 'password of that super user; required in production',
  SMTP_HOST: 'mail server for password-reset mails (npm start runs a catcher on 127.0.0.1:1025)',
  SMTP_PORT: 'its port',
  SMTP_USER: 'SMTP login, when the server wants one',
  SMTP_PASS: 'SMTP password',
  MAIL_FROM: 'sender of the mails',
  S3_ENDPOINT: 'S3/MinIO endpoint; unset stores media in STORAGE_DIR',
  S3_ACCESS_KEY: 'S3/MinIO access key',
  S3_SECRET_KEY: 'S3/MinIO secret key',
  S3_BUCKET: 'S3/MinIO bucket of the media',
  S3_REGION: 'S3 region',
  RECONNECT_MAX_MS: 'upper bound of that backoff',
  BAILEYS_HISTORY_MAX_MESSAGES: 'most messages imported by a history sync',
  HOST: 'interface the sandbox listens on',
  SANDBOX_DEMO_INTERVAL_MS: 'how often a simulated customer writes in demo mode',
};
