import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail the catcher received, its text decoded. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface MailCatcher {
  port: number;
  /** Every mail received so far, in order. */
  mails: CaughtMail[];
  /** The next mail to `address` not yet taken (waiting for it to arrive). */
  next(address: string, timeoutMs?: number): Promise<CaughtMail>;
  /** The mails to `address` received so far. */
  to(address: string): CaughtMail[];
  close(): Promise<void>;
}

/** Quoted-printable (what nodemailer uses for long lines and non-ASCII text) to text. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function parseMail(raw: string, from: string, to: string[]): CaughtMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('content-transfer-encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { from, to, subject: decodeHeader(header('subject')), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

/**
 * A real SMTP server on a loopback port (the `smtp-server` package), accepting any sender,
 * recipient and login, keeping every mail for the test to read.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const addressed = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    port,
    mails,
    to: addressed,
    async next(address, timeoutMs = 15_000) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const mail = addressed(address).find((m) => !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (performance.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200).unref();
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SMTP options that point a gateway at this catcher (set by root through PUT /api/option/). */
export const smtpOptionsFor = (catcher: MailCatcher): Record<string, string> => ({
  SMTPServer: '127.0.0.1',
  SMTPPort: String(catcher.port),
  SMTPAccount: 'gateway@relaygate.test',
  SMTPFrom: 'gateway@relaygate.test',
  SMTPToken: 'smtp-password',
  SMTPSSLEnabled: 'false',
});
