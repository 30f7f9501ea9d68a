import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadIdCardCipher, writeKeyFile, type IdCardCipher } from './id-card-cipher.js';

/**
 * Server key material kept in DATA_DIR/keys, created once, readable by the owner only:
 * - the RSA-2048 pair whose public half `/publicKey` hands out (RSA-OAEP, SHA-256);
 * - a 32-byte secret for HMACs (check-code hashes, signed file URLs);
 * - the ID-number keys (id-card-N.key, id-card-index.key; see id-card-cipher.ts).
 * Several nodes behind one load balancer must share this folder, so a field encrypted with
 * the key one node served can be read by the next. A copy works only if made after the first
 * start made the keys: the database records which ID-number keys sealed it, and a node with
 * other ones refuses to start.
 */
export interface ServerKeys {
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
  secret: Buffer;
  idCards: IdCardCipher;
}

/**
 * @param idCards.create false when the database already records its ID-number keys: a
 *   missing key file is then an error to fix, not a new key to make
 */
export function loadOrCreateKeys(dataDir: string, idCards: { create: boolean } = { create: true }): ServerKeys {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privFile = path.join(dir, 'rsa-private.pem');
  const secretFile = path.join(dir, 'secret.key');

  if (!fs.existsSync(privFile)) {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeKeyFile(privFile, Buffer.from(privateKey.export({ type: 'pkcs8', format: 'pem' })));
  }
  if (!fs.existsSync(secretFile)) writeKeyFile(secretFile, crypto.randomBytes(32));

  const privateKey = crypto.createPrivateKey(fs.readFileSync(privFile));
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, privateKey, secret: fs.readFileSync(secretFile), idCards: loadIdCardCipher(dir, idCards) };
}
