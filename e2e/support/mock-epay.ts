import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { epaySign, epayVerify } from '../../server/src/api/topup/epay.ts';

/** The merchant the console test configures, and the key both sides sign with. */
export const EPAY_MERCHANT_ID = '1001';
export const EPAY_MERCHANT_KEY = 'e2e-epay-merchant-key';

const readForm = async (request: IncomingMessage): Promise<Record<string, string>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Mock EPay</title></head><body>${body}</body></html>`;

/**
 * A stand-in for an EPay site on loopback. `/submit.php` takes the form the wallet posts, checks
 * its signature and shows a cashier page; paying there calls the gateway's notify_url with a
 * signed TRADE_SUCCESS, as a real EPay site does, then sends the browser back to return_url.
 */
export async function startMockEpay(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const html = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(body));
    };
    // The browser asks the cashier page for its icon: nothing to show, and no error either.
    if (request.method === 'GET' && request.url === '/favicon.ico') return response.writeHead(204).end();
    if (request.method !== 'POST') return html(404, 'not found');
    const fields = await readForm(request);
    if (request.url === '/submit.php') {
      if (!epayVerify(fields, EPAY_MERCHANT_KEY) || fields.pid !== EPAY_MERCHANT_ID)
        return html(400, '<h1>bad signature</h1>');
      const hidden = Object.entries(fields)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      return html(
        200,
        `<h1>Mock cashier</h1><p id="order">${escapeHtml(fields.out_trade_no ?? '')}</p>` +
          `<p id="money">${escapeHtml(fields.money ?? '')}</p>` +
          `<form method="post" action="/pay">${hidden}<button id="pay" type="submit">Pay</button></form>`,
      );
    }
    if (request.url === '/pay') {
      const paid: Record<string, string> = {
        pid: EPAY_MERCHANT_ID,
        trade_no: `MOCK${Date.now()}`,
        out_trade_no: fields.out_trade_no ?? '',
        type: fields.type ?? '',
        name: fields.name ?? '',
        money: fields.money ?? '',
        trade_status: 'TRADE_SUCCESS',
      };
      const query = new URLSearchParams({
        ...paid,
        sign: epaySign(paid, EPAY_MERCHANT_KEY),
        sign_type: 'MD5',
      });
      const answer = await fetch(`${fields.notify_url}?${query}`).then((r) => r.text(), String);
      if (answer !== 'success') return html(502, `<h1>notify refused: ${escapeHtml(answer)}</h1>`);
      response.writeHead(302, { location: fields.return_url ?? '/' });
      return response.end();
    }
    return html(404, 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
