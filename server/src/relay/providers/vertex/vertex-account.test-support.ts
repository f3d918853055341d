import { generateKeyPairSync } from 'node:crypto';

/**
 * Test support: a throwaway service account, as Google Cloud's JSON key holds it, with the public
 * half of its RSA key to verify the assertions signed with it. Not a test file itself.
 */
export function throwawayServiceAccount(tokenUri: string, projectId = 'relaygate-test') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'kid-test-1',
    private_key: privateKey,
    client_email: `gateway@${projectId}.iam.gserviceaccount.com`,
    client_id: '1234567890',
    token_uri: tokenUri,
  };
  return { key, keyJson: JSON.stringify(key), publicKey };
}
