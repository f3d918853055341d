import { describe, expect, it } from 'vitest';
import { fetchLatestRelease, parseRelease } from './release.ts';

describe('parseRelease', () => {
  it('reads the tag and page', () => {
    expect(
      parseRelease({
        tag_name: 'v0.9.0',
        html_url: 'https://github.com/x/y/releases/tag/v0.9.0',
        published_at: '2026-01-01T00:00:00Z',
      }),
    ).toEqual({
      tag: 'v0.9.0',
      url: 'https://github.com/x/y/releases/tag/v0.9.0',
      publishedAt: '2026-01-01T00:00:00Z',
    });
  });

  it('refuses anything else', () => {
    expect(parseRelease(null)).toBeUndefined();
    expect(parseRelease({ message: 'API rate limit exceeded' })).toBeUndefined();
    expect(parseRelease({ tag_name: 'v1', html_url: 'javascript:alert(1)' })).toBeUndefined();
  });
});

describe('fetchLatestRelease', () => {
  it('throws on an HTTP error or a network failure', async () => {
    const forbidden = (async () => new Response('{}', { status: 403 })) as typeof fetch;
    await expect(fetchLatestRelease(forbidden)).rejects.toThrow('HTTP 403');
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(fetchLatestRelease(offline)).rejects.toThrow('Failed to fetch');
  });

  it('answers the release', async () => {
    const ok = (async () =>
      new Response(JSON.stringify({ tag_name: 'v2', html_url: 'https://github.com/r' }))) as typeof fetch;
    await expect(fetchLatestRelease(ok)).resolves.toEqual({
      tag: 'v2',
      url: 'https://github.com/r',
      publishedAt: undefined,
    });
  });
});
