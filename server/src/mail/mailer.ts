import nodemailer, { type Transporter } from 'nodemailer';
import type { OptionsCache } from '../cache/options-cache.ts';

/** One mail to one address, already in words. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The SMTP options of the system settings, as one transport needs them. */
export interface SmtpSettings {
  host: string;
  port: number;
  account: string;
  password: string;
  from: string;
  /** Implicit TLS from the first byte (port 465, or SMTPSSLEnabled); otherwise STARTTLS when offered. */
  secure: boolean;
  /**
   * STARTTLS is required, not just used when offered: a password is never sent in the clear except
   * to a server on this machine (as Go's smtp.PlainAuth, which new-api uses).
   */
  requireTls: boolean;
  siteName: string;
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super('SMTP is not configured (SMTPServer is empty)');
    this.name = 'MailNotConfiguredError';
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function smtpSettings(settings: Pick<OptionsCache, 'get' | 'number' | 'bool'>): SmtpSettings {
  const port = settings.number('SMTPPort') || 587;
  const account = settings.get('SMTPAccount').trim();
  const host = settings.get('SMTPServer').trim();
  const secure = port === 465 || settings.bool('SMTPSSLEnabled');
  return {
    host,
    port,
    account,
    password: settings.get('SMTPToken'),
    from: settings.get('SMTPFrom').trim() || account,
    secure,
    requireTls: !secure && account !== '' && !LOOPBACK_HOSTS.has(host.toLowerCase()),
    siteName: settings.get('SystemName').trim() || 'Relaygate',
  };
}

/** A sender name cannot break out of its quotes. */
const quotedName = (name: string) => `"${name.replace(/["\\\r\n]/g, ' ')}"`;

/**
 * Sends mail through the SMTP server of the system settings, in the site's name. The transport
 * is built again whenever those settings change (read at each send), so a change made on any
 * node applies to the next mail.
 */
export class Mailer {
  private transport: { key: string; transporter: Transporter } | undefined;
  private readonly settings: Pick<OptionsCache, 'get' | 'number' | 'bool'>;

  constructor(settings: Pick<OptionsCache, 'get' | 'number' | 'bool'>) {
    this.settings = settings;
  }

  configured(): boolean {
    return this.settings.get('SMTPServer').trim() !== '';
  }

  async send(mail: Mail): Promise<void> {
    const smtp = smtpSettings(this.settings);
    if (!smtp.host) throw new MailNotConfiguredError();
    await this.transporter(smtp).sendMail({
      from: smtp.from ? `${quotedName(smtp.siteName)} <${smtp.from}>` : undefined,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  close(): void {
    this.transport?.transporter.close();
    this.transport = undefined;
  }

  private transporter(smtp: SmtpSettings): Transporter {
    const key = JSON.stringify([
      smtp.host,
      smtp.port,
      smtp.account,
      smtp.password,
      smtp.secure,
      smtp.requireTls,
    ]);
    if (this.transport?.key === key) return this.transport.transporter;
    this.transport?.transporter.close();
    const transporter = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      requireTLS: smtp.requireTls,
      auth: smtp.account ? { user: smtp.account, pass: smtp.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.transport = { key, transporter };
    return transporter;
  }
}
