import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  /** The body of a single-part text mail, transfer-decoded. */
  text: string;
}

/** Decodes the body of a single-part mail (quoted-printable, base64 or plain). */
export function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
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
          text: '',
        };
        mail.text = decodeBody(mail.raw);
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
