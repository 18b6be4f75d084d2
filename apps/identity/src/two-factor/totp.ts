import { generateSecret, generateURI, verify } from 'otplib';

/** The name authenticator apps show above the account. */
export const TOTP_ISSUER = 'Atrium';
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
const TOLERANCE_SECONDS = 30;
const SIX_DIGITS = /^\d{6}$/;

/** RFC 6238 codes (SHA-1, 6 digits, 30 s: what every authenticator app reads from the QR code), through otplib. */
export const totp = {
  newSecret(): string {
    return generateSecret();
  },

  otpauthUrl(secret: string, email: string): string {
    return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  },

  /** The time step a code matched, or null: wrong, malformed, or of a step not after `afterStep` (a code works once). */
  async matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const token = code.replace(/\s/g, '');
    if (!SIX_DIGITS.test(token)) return null;
    const result = await verify({
      secret,
      token,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },
};

/** Whether a code is shaped like a TOTP code (else it is tried as a recovery code). */
export function looksLikeTotp(code: string): boolean {
  return SIX_DIGITS.test(code.replace(/\s/g, ''));
}
