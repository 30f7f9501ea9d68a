/**
 * The keys that seal ID numbers at rest (DATA_DIR/keys/id-card-N.key):
 *
 *   npm run id-card-keys -- status    which keys there are, how many numbers each still needs
 *   npm run id-card-keys -- rotate    a new key; every number sealed again with it
 *
 * Running nodes take up a new key within KEY_RESCAN_MS without a restart; rotate seals once,
 * waits that long, and seals again what a node sealed with the old key meanwhile. An old key
 * file may go once `status` shows no number under it AND no database backup still needs it.
 */
import path from 'node:path';
import { checkIdCardKeys, idCardKeysRecorded, resealIdCards } from '../core/id-cards.js';
import { countIdCardsSealedOutside } from '../core/person.repository.js';
import { loadConfig } from '../infra/config.js';
import { migrateToLatest, openDatabase } from '../infra/database.js';
import { addIdCardKey, KEY_RESCAN_MS, loadIdCardCipher } from '../infra/id-card-cipher.js';

const command = process.argv[2];
if (command !== 'status' && command !== 'rotate') {
  console.error('usage: npm run id-card-keys -- status | rotate');
  process.exit(2);
}

const config = loadConfig();
const keysDir = path.join(config.dataDir, 'keys');
const database = await openDatabase(config);
try {
  let cipher = loadIdCardCipher(keysDir, { create: !(await idCardKeysRecorded(database.db)) });
  await migrateToLatest(database.db, database.dialect, { idCards: cipher }, config.databaseSchema);
  await checkIdCardKeys(database.db, cipher);
  if (command === 'rotate') {
    const keyId = addIdCardKey(keysDir);
    cipher = loadIdCardCipher(keysDir, { create: false });
    await checkIdCardKeys(database.db, cipher); // records the new key's fingerprint
    console.log(`id-card-${keyId}.key written; sealing every ID number with it`);
    let sealed = await resealIdCards(database.db, cipher);
    console.log(`waiting ${KEY_RESCAN_MS / 1000 + 2} s for running nodes to take up the new key`);
    await new Promise((resolve) => setTimeout(resolve, KEY_RESCAN_MS + 2_000));
    sealed += await resealIdCards(database.db, cipher);
    console.log(`${sealed} ID numbers sealed again`);
  }
  const current = cipher.currentKeyId();
  const older = await countIdCardsSealedOutside(database.db, [current]);
  console.log(
    `keys: ${cipher
      .keyIds()
      .map((id) => `id-card-${id}.key`)
      .join(', ')}; new numbers use id-card-${current}.key`,
  );
  console.log(`${older} ID numbers still sealed with an older key`);
} finally {
  await database.close();
}
