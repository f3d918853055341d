/** Where the console looks for the newest upstream release (a public, unauthenticated lookup). */
export const LATEST_RELEASE_URL = 'https://api.github.com/repos/QuantumNous/new-api/releases/latest';

export interface LatestRelease {
  tag: string;
  url: string;
  publishedAt?: string;
}

/** The tag and page of a GitHub "latest release" answer, or undefined when it is not one. */
export function parseRelease(body: unknown): LatestRelease | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { tag_name: tag, html_url: url, published_at: publishedAt } = body as Record<string, unknown>;
  if (typeof tag !== 'string' || tag === '' || typeof url !== 'string' || !/^https:\/\//.test(url))
    return undefined;
  return { tag, url, publishedAt: typeof publishedAt === 'string' ? publishedAt : undefined };
}

/** Fetches the latest release from the browser; any failure (offline, rate limit, odd body) throws. */
export async function fetchLatestRelease(fetcher: typeof fetch = fetch): Promise<LatestRelease> {
  const response = await fetcher(LATEST_RELEASE_URL, { headers: { Accept: 'application/vnd.github+json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const release = parseRelease(await response.json());
  if (!release) throw new Error('unexpected answer');
  return release;
}
