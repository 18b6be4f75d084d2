import { SMTPServer } from 'smtp-server';
import { readMail } from './mime.mjs';

/**
 * A development SMTP server: accepts every message (any credentials or none, no TLS) and hands it to `onMail`
 * as { from, to, subject, text, raw }. `npm start` prints them, so a person can read the
 * password-reset code; tests can wait for them.
 */
export async function startMailCatcher({ host = '127.0.0.1', port = 1025, onMail }) {
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, session, callback) {
      callback(null, { user: auth.username }); // any credentials: it is a catcher
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          ...readMail(raw),
          raw,
        };
        try {
          onMail(mail);
        } finally {
          callback();
        }
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.server.address().port,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
