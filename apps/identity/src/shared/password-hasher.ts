import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** Passwords are stored as argon2id hashes (OWASP parameters: 19 MiB, 2 iterations). */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
