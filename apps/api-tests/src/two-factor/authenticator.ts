import { generate } from 'otplib';

const PERIOD = 30;

/**
 * An authenticator app for tests: real RFC 6238 codes of a secret, each of a later time step than
 * the one before (the server accepts a step once, and one step either side of now).
 */
export class Authenticator {
  private lastStep = -1;

  constructor(readonly secret: string) {}

  /** A code of the current step, or the next one when the current was used; waits for the clock only past that. */
  async next(): Promise<string> {
    const now = currentStep();
    const step = Math.max(this.lastStep + 1, now);
    if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD * 1000 - Date.now() + 50));
    this.lastStep = step;
    return this.codeAt(step);
  }

  /** The code of a step, without using it (for replays and far-off steps). */
  codeAt(step: number): Promise<string> {
    return generate({ secret: this.secret, epoch: step * PERIOD });
  }

  get usedStep(): number {
    return this.lastStep;
  }
}

export function currentStep(): number {
  return Math.floor(Date.now() / 1000 / PERIOD);
}
