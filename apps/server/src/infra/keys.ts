import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadIdCardCipher, writeKeyFile, type IdCardCipher } from './id-card-cipher.js';
import { StartupError } from './startup-error.js';

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
 * @param create.idCards false when the database already records its ID-number keys, and
 *   create.server false when it records the other nodes' secret and RSA key: a missing key
 *   file is then an error to fix (a keys folder not shared), not a new key to make
 */
export function loadOrCreateKeys(
  dataDir: string,
  create: { idCards: boolean; server: boolean } = { idCards: true, server: true },
): ServerKeys {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privFile = path.join(dir, 'rsa-private.pem');
  const secretFile = path.join(dir, 'secret.key');
  const missing = [privFile, secretFile].filter((f) => !fs.existsSync(f)).map((f) => path.basename(f));
  if (!create.server && missing.length > 0) {
    throw new StartupError(
      `cannot start: DATA_DIR/keys lacks ${missing.join(' and ')}, which the other nodes of this database use — every node must share one keys folder (mount the same DATA_DIR, or copy it whole). Replaced on purpose on every node? Delete server_state's rows named node-key:* and start again`,
    );
  }

  if (!fs.existsSync(privFile)) {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeKeyFile(privFile, Buffer.from(privateKey.export({ type: 'pkcs8', format: 'pem' })));
  }
  if (!fs.existsSync(secretFile)) writeKeyFile(secretFile, crypto.randomBytes(32));

  const privateKey = crypto.createPrivateKey(fs.readFileSync(privFile));
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
    privateKey,
    secret: fs.readFileSync(secretFile),
    idCards: loadIdCardCipher(dir, { create: create.idCards }),
  };
}
