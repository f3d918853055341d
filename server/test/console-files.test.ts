import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, signInAsRoot } from './support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const INDEX_HTML = '<!doctype html><div id="root"></div>';
const BIG_SCRIPT = 'export const relaygate = "console";\n'.repeat(500);

describe.skipIf(databaseUnavailable())('the built console at /', () => {
  let t: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'relaygate-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // As the console's build writes them (web/build/precompress.ts).
    const bigAsset = join(dist, 'assets', 'vendor-def456.js');
    writeFileSync(bigAsset, BIG_SCRIPT);
    writeFileSync(`${bigAsset}.gz`, gzipSync(BIG_SCRIPT));
    writeFileSync(`${bigAsset}.br`, brotliCompressSync(BIG_SCRIPT));
    t = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the app for / and for any browser route, never cached', async () => {
    for (const path of ['/', '/token', '/channel/edit/3', '/user/reset?email=a&token=b', '/no-such-page']) {
      const response = await fetch(t.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    }
  });

  it('answers a rebuilt index.html without a restart', async () => {
    const rebuilt = '<!doctype html><div id="root"></div><!-- rebuilt -->';
    writeFileSync(join(dist, 'index.html'), rebuilt);
    // A newer mtime than the first build's, even on file systems with coarse timestamps.
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5_000));
    expect(await (await fetch(`${t.url}/log`)).text()).toBe(rebuilt);
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 10_000));
  });

  it('serves hashed assets with a long cache and answers a missing one with 404', async () => {
    const asset = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toBe('console.log(1)');
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
  });

  it('sends a precompressed asset as the browser accepts it, decompressing to the original', async () => {
    const url = `${t.url}/assets/vendor-def456.js`;
    // fetch would decompress by itself: node:http hands over the bytes as sent.
    const asked = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const br = await asked('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    const gzip = await asked('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
  });

  it('keeps the API paths: unknown ones answer their own 404, never the app', async () => {
    const api = await fetch(`${t.url}/api/no-such-route`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false });
    const openai = await fetch(`${t.url}/v1/no-such-route`);
    expect(openai.status).toBe(404);
    expect(await openai.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    for (const path of ['/v1beta/nope', '/pg/nope', '/mj/nope', '/suno/nope']) {
      const response = await fetch(t.url + path);
      expect(response.headers.get('content-type'), path).not.toMatch(/text\/html/);
    }
    const post = await fetch(`${t.url}/token`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('answers the site texts set in the options, publicly', async () => {
    const root = await signInAsRoot(t.url);
    const texts = { About: 'about us', HomePageContent: '# Welcome', Notice: 'maintenance at noon' };
    for (const [key, value] of Object.entries(texts)) {
      expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
    const anonymous = new ConsoleClient(t.url);
    expect((await anonymous.get('/api/about')).body.data).toBe('about us');
    expect((await anonymous.get('/api/home_page_content')).body.data).toBe('# Welcome');
    expect((await anonymous.get('/api/notice')).body.data).toBe('maintenance at noon');
  });
});

describe.skipIf(databaseUnavailable())('without a built console', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ WEB_DIST: join(tmpdir(), 'relaygate-no-such-dist') });
  });
  afterAll(async () => t?.close());

  it('says how to build it on a browser route and still serves the APIs', async () => {
    const page = await fetch(`${t.url}/token`);
    expect(page.status).toBe(404);
    expect(await page.text()).toMatch(/npm run build/);
    expect((await fetch(`${t.url}/api/status`)).status).toBe(200);
  });
});
