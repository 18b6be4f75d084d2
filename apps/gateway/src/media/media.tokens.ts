/** Injection token of the gateway's ObjectStorage (local disk or MinIO/S3, from config). */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
