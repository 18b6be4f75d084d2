import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import nodemailer, { type Transporter } from 'nodemailer';
import type { IdentityConfig } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail over SMTP (a local catcher in development and tests). */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: IdentityConfig) {
    this.transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_PORT === 465,
      ignoreTLS: config.NODE_ENV !== 'production',
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? '' } : undefined,
    });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
