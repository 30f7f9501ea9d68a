import crypto from 'node:crypto';
import type { Db } from '../infra/database.js';
import type { ServerKeys } from '../infra/keys.js';
import { claimState, stateNames } from '../infra/server-state.js';
import { StartupError } from '../infra/startup-error.js';

/**
 * Refuses to start a node whose signing secret or RSA key is not the one the database's other
 * nodes use: the first start records their fingerprints (never the keys), every later start
 * must match. A node with a keys folder of its own would sign file links the others refuse
 * (a learner's video and photos failing on every other request) and decrypt no login
 * encrypted with the others' public key — the ID-number keys are checked the same way
 * (core/id-cards).
 */
const STATE = 'node-key:';

/** Whether a node of this database has recorded its secret and RSA key (a later node must bring the same files). */
export async function serverKeysRecorded(db: Db): Promise<boolean> {
  return (await stateNames(db, STATE)).length > 0;
}

export async function checkServerKeys(db: Db, keys: Pick<ServerKeys, 'secret' | 'publicKeyPem'>): Promise<void> {
  const fingerprint = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');
  for (const [file, value] of [
    ['secret.key', fingerprint(keys.secret)],
    ['rsa-private.pem', fingerprint(keys.publicKeyPem)],
  ] as const) {
    if ((await claimState(db, `${STATE}${file}`, value)) !== value) {
      throw new StartupError(
        `cannot start: DATA_DIR/keys/${file} is not the key the other nodes of this database use — every node must share one keys folder (mount the same DATA_DIR, or copy it whole). Replaced on purpose on every node? Delete server_state's rows named node-key:* and start again`,
      );
    }
  }
}
