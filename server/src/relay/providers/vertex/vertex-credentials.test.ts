import { describe, expect, it } from 'vitest';
import { RefusedCall } from '../refused-call.ts';
import { GOOGLE_TOKEN_URI, serviceAccounts } from './vertex-credentials.ts';

const KEY = {
  type: 'service_account',
  project_id: 'p-1',
  private_key_id: 'k-1',
  private_key: '-----BEGIN PRIVATE KEY-----\\nMIIEv\\n-----END PRIVATE KEY-----\\n',
  client_email: 'sa@p-1.iam.gserviceaccount.com',
};

describe('a Vertex channel key as service accounts', () => {
  it("reads new-api's JSON key, its escaped newlines made real, the token endpoint Google's by default", () => {
    expect(serviceAccounts(JSON.stringify(KEY))).toEqual([
      {
        projectId: 'p-1',
        clientEmail: 'sa@p-1.iam.gserviceaccount.com',
        privateKey: '-----BEGIN PRIVATE KEY-----\nMIIEv\n-----END PRIVATE KEY-----',
        privateKeyId: 'k-1',
        tokenUri: GOOGLE_TOKEN_URI,
      },
    ]);
  });

  it('reads a JSON array of keys (a multi-key channel), and the token_uri a key names', () => {
    const other = { ...KEY, project_id: 'p-2', token_uri: 'http://127.0.0.1:1/token' };
    const accounts = serviceAccounts(JSON.stringify([KEY, other]));
    expect(accounts.map((a) => [a.projectId, a.tokenUri])).toEqual([
      ['p-1', GOOGLE_TOKEN_URI],
      ['p-2', 'http://127.0.0.1:1/token'],
    ]);
  });

  it('refuses anything else naming the expected format, never echoing the key', () => {
    for (const key of ['{"project_id": "p-1"', JSON.stringify({ ...KEY, private_key: '' }), '[]', '"x"']) {
      let error: unknown;
      try {
        serviceAccounts(key);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(RefusedCall);
      expect((error as Error).message).toContain('service account JSON key');
      expect((error as Error).message).toContain('project_id, client_email and private_key');
      expect((error as Error).message).not.toContain('MIIEv');
    }
  });
});
