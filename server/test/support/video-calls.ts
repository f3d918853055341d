import type { TestServer } from './test-server.ts';

/** A JSON answer of the video routes: the HTTP status and the parsed body. */
export interface VideoAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The video tests' calls with a key, made with plain fetch (where the official client has no such
 * route), JSON in and out; the server and key are read when called (they are set in beforeAll).
 */
export function videoCalls(server: () => TestServer, key: () => string) {
  return async (method: string, path: string, body?: unknown): Promise<VideoAnswer> => {
    const response = await fetch(`${server().url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key()}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}
