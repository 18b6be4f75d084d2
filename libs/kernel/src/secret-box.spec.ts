import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('a-test-key-of-at-least-thirty-two-bytes!!');

  it('opens what it sealed, and the sealed text holds neither the secret nor a repeatable form', () => {
    const sealed = box.seal('sk-live-123456', 'prompt:apiKey:7');
    expect(sealed).not.toContain('sk-live');
    expect(box.seal('sk-live-123456', 'prompt:apiKey:7')).not.toBe(sealed);
    expect(box.open(sealed, 'prompt:apiKey:7')).toBe('sk-live-123456');
  });

  it('refuses another context, another key, and a tampered value', () => {
    const sealed = box.seal('sk-live-123456', 'prompt:apiKey:7');
    expect(() => box.open(sealed, 'prompt:apiKey:8')).toThrow();
    expect(() => new SecretBox('another-key-of-at-least-thirty-two-bytes').open(sealed, 'prompt:apiKey:7')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'prompt:apiKey:7')).toThrow();
  });
});
