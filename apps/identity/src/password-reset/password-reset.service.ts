import { Inject, Injectable } from '@nestjs/common';
import { AppError, ErrorCode, STRONG_PASSWORD } from '@atrium/contracts';
import type { Logger } from '@atrium/logging';
import { AuditTrail } from '@atrium/messaging';
import { DATABASE, LOGGER } from '@atrium/service-kit';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ActorStateWriter } from '../login-sessions/actor-state.writer.js';
import { RefreshSessionsRepository } from '../login-sessions/refresh-sessions.repository.js';
import type { IdentityDatabase } from '../shared/identity-database.js';
import { PasswordHasher } from '../shared/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';
import { Mailer } from './mailer.js';
import { PasswordResetsRepository } from './password-resets.repository.js';
import { ResetMailThrottle } from './reset-mail-throttle.js';

const CODE_TTL_MS = 30 * 60 * 1000;
const MAX_ATTEMPTS = 5;

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Password reset in two steps (spec 001): a 6-digit code by e-mail, then the code with a strong
 * new password. Codes expire, allow a few attempts (counted atomically), and a success ends
 * every login of the user.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(ResetMailThrottle) private readonly mailThrottle: ResetMailThrottle,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordResetsRepository) private readonly resets: PasswordResetsRepository,
    @Inject(RefreshSessionsRepository) private readonly sessions: RefreshSessionsRepository,
    @Inject(ActorStateWriter) private readonly actorStates: ActorStateWriter,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /**
   * Mails a code when the e-mail is a user's. The answer is the same for unknown e-mails (no
   * mail is sent): the caller cannot learn which e-mails exist from the answer, nor from the mail
   * limit (counted for any e-mail); the mail leaves in the background, so the answer never waits
   * for the mail server (a known e-mail costs one more insert, not a mail round trip).
   */
  async requestCode(email: string): Promise<void> {
    await this.mailThrottle.admit(email);
    const found = await this.database.asSystem((tx) => this.users.findByEmailWithCompany(tx, email));
    if (!found) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.database.withTenant(found.user.companyId, async (tx) => {
      await this.resets.replace(tx, {
        userId: found.user.id,
        companyId: found.user.companyId,
        codeHash: hashCode(code),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      await this.audit.record(tx, found.user.companyId, {
        actor: null,
        action: 'auth.passwordResetRequested',
        entityType: 'user',
        entityId: found.user.id,
      });
    });
    this.mailer
      .send({
        to: found.user.email,
        subject: 'Atrium — código para redefinir sua senha',
        text: `Olá, ${found.user.name}.\n\nSeu código para redefinir a senha é: ${code}\n\nEle vale por 30 minutos. Se você não pediu, ignore este e-mail.`,
      })
      .catch((error: unknown) => this.logger.error({ err: error, userId: found.user.id }, 'password-reset mail not sent'));
  }

  async reset(email: string, code: string, newPassword: string): Promise<void> {
    if (!STRONG_PASSWORD.test(newPassword)) throw new AppError(ErrorCode.ERR_WEAK_PASSWORD);
    const found = await this.database.asSystem((tx) => this.users.findByEmailWithCompany(tx, email));
    if (!found) throw new AppError(ErrorCode.ERR_INVALID_RESET_TOKEN);
    const { user } = found;
    const passwordHash = await this.passwords.hash(newPassword);
    const accepted = await this.database.withTenant(user.companyId, async (tx) => {
      // the attempt is counted before the code is compared, in one conditional update
      const reset = await this.resets.claimAttempt(tx, user.id, MAX_ATTEMPTS);
      if (!reset || !timingSafeEqual(Buffer.from(hashCode(code)), Buffer.from(reset.codeHash))) return false;
      if (!(await this.resets.markUsed(tx, reset.id))) return false;
      await this.users.update(tx, user.companyId, user.id, { passwordHash });
      await this.sessions.revokeAllOf(tx, user.id);
      await this.audit.record(tx, user.companyId, {
        actor: { userId: user.id },
        action: 'auth.passwordReset',
        entityType: 'user',
        entityId: user.id,
        before: { password: 'old' },
        after: { password: 'new' },
      });
      return true;
    });
    if (!accepted) throw new AppError(ErrorCode.ERR_INVALID_RESET_TOKEN);
    await this.actorStates.remove(user.id);
  }
}
