import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server that accepts every message and keeps it, so tests can read what the
 * platform mailed (e.g. the password-reset code). Started by the test that needs it.
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private waiters: Array<{ to: string; resolve: (mail: CaughtMail) => void }> = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        this.mails.push(mail);
        this.waiters = this.waiters.filter((w) => {
          if (!mail.to.includes(w.to)) return true;
          w.resolve(mail);
          return false;
        });
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** The next message to this address (or one already caught). */
  waitFor(to: string, timeoutMs = 5000): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const caught = this.mails.find((m) => m.to.includes(address));
    if (caught) return Promise.resolve(caught);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ to: address, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
