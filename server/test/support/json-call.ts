/**
 * A caller of the gateway's JSON routes with a key in Authorization (a string body is sent as it
 * is, anything else as JSON); answers the status and the parsed body. `where` is read at each call,
 * so a test may make this before its beforeAll has started the server and made the key.
 */
export function jsonCaller(where: () => { url: string; key: string }) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { url, key } = where();
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}
