import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('stores argon2id hashes that verify only the right password', async () => {
    const stored = await hasher.hash('s3cret!');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(stored).not.toContain('s3cret!');
    await expect(hasher.verify(stored, 's3cret!')).resolves.toBe(true);
    await expect(hasher.verify(stored, 's3cret?')).resolves.toBe(false);
  });

  it('treats a malformed stored hash as a mismatch instead of throwing', async () => {
    await expect(hasher.verify('not-a-hash', 'anything')).resolves.toBe(false);
  });
});
