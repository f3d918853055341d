import { describe, expect, it } from 'vitest';
import { smtpSettings } from './mailer.ts';

const settingsOf = (values: Record<string, string>) => ({
  get: (key: string) => values[key] ?? '',
  number: (key: string) => Number(values[key] ?? 0),
  bool: (key: string) => values[key] === 'true',
});

describe('smtpSettings', () => {
  it('uses implicit TLS on port 465 and STARTTLS (not secure from the start) on others', () => {
    expect(smtpSettings(settingsOf({ SMTPServer: 'smtp.example.com', SMTPPort: '465' })).secure).toBe(true);
    expect(smtpSettings(settingsOf({ SMTPServer: 'smtp.example.com', SMTPPort: '587' })).secure).toBe(false);
    expect(smtpSettings(settingsOf({ SMTPServer: 'smtp.example.com', SMTPPort: '25' })).secure).toBe(false);
  });

  it('uses implicit TLS on any port when SMTPSSLEnabled is on', () => {
    const smtp = smtpSettings(settingsOf({ SMTPServer: 's', SMTPPort: '2525', SMTPSSLEnabled: 'true' }));
    expect(smtp.secure).toBe(true);
    expect(smtp.port).toBe(2525);
  });

  it('defaults to port 587, sends from the account when no sender is set, in the site name', () => {
    const smtp = smtpSettings(
      settingsOf({ SMTPServer: ' smtp.example.com ', SMTPAccount: 'me@example.com', SystemName: 'My Gate' }),
    );
    expect(smtp).toMatchObject({
      host: 'smtp.example.com',
      port: 587,
      from: 'me@example.com',
      siteName: 'My Gate',
    });
  });

  it('requires STARTTLS before sending a password, except to a server on this machine', () => {
    const remote = { SMTPServer: 'smtp.example.com', SMTPPort: '587', SMTPAccount: 'me' };
    expect(smtpSettings(settingsOf(remote)).requireTls).toBe(true);
    expect(smtpSettings(settingsOf({ ...remote, SMTPAccount: '' })).requireTls).toBe(false);
    expect(smtpSettings(settingsOf({ ...remote, SMTPServer: '127.0.0.1' })).requireTls).toBe(false);
    expect(smtpSettings(settingsOf({ ...remote, SMTPPort: '465' })).requireTls).toBe(false);
  });
});
