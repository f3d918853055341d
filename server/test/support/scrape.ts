/** Reading a Prometheus text exposition in tests: every sample by its full series name. */

/** `name{a="x",b="y"}` → value, labels sorted by name so a test can write the series once. */
export function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels = [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, name, value]) => `${name}="${value}"`)
      .sort();
    samples.set(series(match[1]!, labels), Number(match[3]));
  }
  return samples;
}

function series(name: string, labels: string[]): string {
  return labels.length === 0 ? name : `${name}{${labels.join(',')}}`;
}

/** The series name of `name` with `labels`, as parseExposition keys it. */
export function sample(name: string, labels: Record<string, string> = {}): string {
  return series(
    name,
    Object.entries(labels)
      .map(([key, value]) => `${key}="${value}"`)
      .sort(),
  );
}

/** GET /metrics with the bearer token (none: without), as status and parsed samples. */
export async function scrape(
  baseUrl: string,
  token?: string,
): Promise<{ status: number; contentType: string; samples: Map<string, number> }> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  const samples = response.ok ? parseExposition(text) : new Map<string, number>();
  return { status: response.status, contentType, samples };
}
