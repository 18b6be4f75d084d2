import { createPrivateKey } from 'node:crypto';

/** The fields of a Google service-account key file (the JSON an admin downloads) that the OAuth exchange uses. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
  project_id?: string;
}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** Reads a service-account JSON: the account, or what is wrong with it (never echoing the key). */
export function parseServiceAccount(text: string | null | undefined): { account?: ServiceAccount; problem?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return { problem: 'not valid JSON' };
  }
  if (!value || typeof value !== 'object') return { problem: 'not a service-account JSON' };
  const fields = value as Record<string, unknown>;
  if (typeof fields.client_email !== 'string' || !fields.client_email.includes('@')) return { problem: 'client_email missing' };
  if (typeof fields.private_key !== 'string') return { problem: 'private_key missing' };
  try {
    createPrivateKey(fields.private_key);
  } catch {
    return { problem: 'private_key is not a PEM private key' };
  }
  const tokenUri = typeof fields.token_uri === 'string' && /^https?:\/\//.test(fields.token_uri) ? fields.token_uri : GOOGLE_TOKEN_URI;
  return {
    account: {
      client_email: fields.client_email,
      private_key: fields.private_key,
      private_key_id: typeof fields.private_key_id === 'string' ? fields.private_key_id : undefined,
      token_uri: tokenUri,
      project_id: typeof fields.project_id === 'string' ? fields.project_id : undefined,
    },
  };
}
