import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, landingPath, loginPathFor } from './landing.ts';

describe('landingPath', () => {
  it('goes to /token when nothing was asked for', () => {
    expect(landingPath('', undefined)).toBe(DEFAULT_LANDING);
    expect(landingPath('?expired=true', null)).toBe('/token');
  });

  it('follows the redirect parameter, query and all', () => {
    expect(landingPath('?redirect=%2Flog%3Fp%3D2', undefined)).toBe('/log?p=2');
    expect(landingPath('?expired=true&redirect=/setting?tab=system', undefined)).toBe('/setting?tab=system');
  });

  it('falls back to the page the login guard turned the user away from', () => {
    expect(landingPath('', { from: '/channel' })).toBe('/channel');
    expect(landingPath('?redirect=/user', { from: '/channel' })).toBe('/user');
  });

  it('never leaves the site', () => {
    expect(landingPath('?redirect=https://evil.example', undefined)).toBe('/token');
    expect(landingPath('?redirect=//evil.example/x', undefined)).toBe('/token');
    expect(landingPath('?redirect=/\\evil.example', undefined)).toBe('/token');
    expect(landingPath('', { from: 'javascript:alert(1)' })).toBe('/token');
  });

  it('never goes back to a sign-in page', () => {
    expect(landingPath('?redirect=/login', undefined)).toBe('/token');
    expect(landingPath('?redirect=/register?aff=x', undefined)).toBe('/token');
    expect(landingPath('', { from: '/oauth/github?code=1' })).toBe('/token');
    expect(landingPath('?redirect=/loginfo', undefined)).toBe('/loginfo');
  });
});

describe('loginPathFor', () => {
  it('keeps the page to come back to', () => {
    expect(loginPathFor('/log?p=2', { expired: true })).toBe('/login?expired=true&redirect=%2Flog%3Fp%3D2');
    expect(loginPathFor('/channel')).toBe('/login?redirect=%2Fchannel');
  });

  it('leaves out the default landing and sign-in pages', () => {
    expect(loginPathFor('/token', { expired: true })).toBe('/login?expired=true');
    expect(loginPathFor('/login?expired=true', { expired: true })).toBe('/login?expired=true');
    expect(loginPathFor('/')).toBe('/login?redirect=%2F');
  });
});
