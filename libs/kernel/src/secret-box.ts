import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts the secrets companies give the platform (the bots' OpenAI and voice keys and
 * service-account JSON, the Cloud API connections' access tokens and app secrets, users' TOTP secrets) before they are stored: AES-256-GCM with a key derived from the service's secrets key (AI_SECRETS_KEY, SESSIONS_SECRETS_KEY, IDENTITY_SECRETS_KEY), a fresh 12-byte IV per
 * value, and the record's context (e.g. `prompt:apiKey:<companyId>`) as associated data, so a sealed
 * value copied to another company's row does not open. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret, 'utf8').digest();
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** Throws when the value was not sealed with this key and context (tampered, or another key). */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** Injection token of the service's SecretBox. */
export const SECRET_BOX = Symbol('SECRET_BOX');
