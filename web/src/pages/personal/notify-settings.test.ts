import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WARNING_THRESHOLD,
  parseNotifySettings,
  serialiseNotify,
  validateNotify,
  webhookUrlError,
} from './notify-settings.ts';

const defaults = {
  notify_type: 'email',
  quota_warning_threshold: DEFAULT_WARNING_THRESHOLD,
  webhook_url: '',
  webhook_secret: '',
  notification_email: '',
};

describe('parseNotifySettings', () => {
  it('gives the defaults for an empty or broken setting', () => {
    expect(parseNotifySettings('')).toEqual(defaults);
    expect(parseNotifySettings(undefined)).toEqual(defaults);
    expect(parseNotifySettings('{nope')).toEqual(defaults);
    expect(parseNotifySettings('[1,2]')).toEqual(defaults);
  });
  it('reads the saved fields and ignores the others', () => {
    const setting = JSON.stringify({
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_url: 'https://hooks.example.com/x',
      webhook_secret: 's3cret',
      notification_email: 'me@example.com',
      record_ip_log: true,
    });
    expect(parseNotifySettings(setting)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_url: 'https://hooks.example.com/x',
      webhook_secret: 's3cret',
      notification_email: 'me@example.com',
    });
  });
  it('shows the site threshold in force when none (or 0) is set, and replaces a junk one', () => {
    expect(parseNotifySettings('{"quota_warning_threshold":0}', 1000).quota_warning_threshold).toBe(1000);
    expect(parseNotifySettings('', 1000).quota_warning_threshold).toBe(1000);
    expect(parseNotifySettings('{"quota_warning_threshold":7}', 1000).quota_warning_threshold).toBe(7);
    expect(parseNotifySettings('{"quota_warning_threshold":"x"}').quota_warning_threshold).toBe(
      DEFAULT_WARNING_THRESHOLD,
    );
    expect(parseNotifySettings('{"notify_type":"sms"}').notify_type).toBe('email');
  });
});

describe('validateNotify', () => {
  it('accepts the defaults', () => {
    expect(validateNotify(parseNotifySettings(''))).toEqual({});
  });
  it('needs an https webhook URL for webhook notifications', () => {
    expect(webhookUrlError('webhook', '')).toBe('webhookRequired');
    expect(webhookUrlError('webhook', 'http://hooks.example.com')).toBe('webhookHttps');
    expect(webhookUrlError('webhook', 'https://hooks.example.com/a')).toBeNull();
    expect(webhookUrlError('email', '')).toBeNull();
    expect(webhookUrlError('email', 'ftp://x')).toBe('webhookHttps');
  });
  it('checks the optional e-mail and the threshold', () => {
    const values = parseNotifySettings('');
    expect(validateNotify({ ...values, notification_email: 'not-an-email' })).toEqual({
      notification_email: 'emailInvalid',
    });
    expect(validateNotify({ ...values, quota_warning_threshold: -1 })).toEqual({
      quota_warning_threshold: 'thresholdInvalid',
    });
  });
});

describe('serialiseNotify', () => {
  it('sends the five fields, trimmed', () => {
    expect(
      serialiseNotify({
        notify_type: 'webhook',
        quota_warning_threshold: 100000.4,
        webhook_url: ' https://hooks.example.com/x ',
        webhook_secret: ' keep spaces ',
        notification_email: ' me@example.com ',
      }),
    ).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 100000,
      webhook_url: 'https://hooks.example.com/x',
      webhook_secret: ' keep spaces ',
      notification_email: 'me@example.com',
    });
  });
});
