import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Db } from '../../src/store/db.ts';
import type { AddressInfo } from 'node:net';

/** A local stand-in for Stripe's API: records the Checkout sessions asked for and answers a session URL. */
export interface MockStripe {
  url: string;
  sessions: { authorization: string; form: URLSearchParams }[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startMockStripe(): Promise<MockStripe> {
  const sessions: MockStripe['sessions'] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
      const form = new URLSearchParams(body);
      sessions.push({ authorization: request.headers.authorization ?? '', form });
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: `cs_test_${sessions.length}`,
          url: `https://checkout.test/cs_${sessions.length}`,
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ error: { message: 'no such route' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A wallet balance straight from the database. */
export async function walletOf(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.quota);
}

/** Every top-up log row (type 1), optionally of one user. */
export function topUpLogRows(db: Db, userId?: number) {
  let query = db.selectFrom('logs').selectAll().where('type', '=', 1);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.execute();
}
