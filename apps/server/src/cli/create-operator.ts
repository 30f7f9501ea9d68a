/**
 * Creates a platform operator (role `super`): the account that creates organisations and
 * their training managers in the console. For a fresh production database, where no demo
 * data is seeded:
 *
 *   npm run create-operator -- --account ops --name 平台运营 [--org-code 00000 --org-name 安训平台]
 *
 * The operator belongs to the organisation with that code (created when missing). The
 * password is made here and printed once; change it after the first login (个人中心).
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { Role } from '@anxun/shared/constants';
import { insertOrganisation, findOrgByCode } from '../core/org.repository.js';
import { findIdentityConflicts, insertPerson } from '../core/person.repository.js';
import { loadConfig } from '../infra/config.js';
import { hashPassword, readablePassword } from '../infra/crypto.js';
import { migrateToLatest, openDatabase } from '../infra/database.js';
import { loadOrCreateKeys } from '../infra/keys.js';
import { checkIdCardKeys, idCardKeysRecorded } from '../core/id-cards.js';
import { serverKeysRecorded } from '../core/server-keys.js';
import { accountNameProblem } from '@anxun/shared/validators';

const { values } = parseArgs({
  options: {
    account: { type: 'string' },
    name: { type: 'string', default: '平台运营' },
    'org-code': { type: 'string', default: '00000' },
    'org-name': { type: 'string', default: '安训平台' },
  },
});
const accountProblem = values.account ? accountNameProblem(values.account) : '--account is required';
if (accountProblem) {
  console.error(accountProblem);
  console.error(
    'usage: npm run create-operator -- --account <3–32 letters, digits, _ . -; not a phone or an ID number> [--name 名字]',
  );
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  const keys = loadOrCreateKeys(config.dataDir, {
    idCards: !(await idCardKeysRecorded(database.db)),
    server: !(await serverKeysRecorded(database.db)),
  });
  await migrateToLatest(database.db, database.dialect, { idCards: keys.idCards }, config.databaseSchema);
  await checkIdCardKeys(database.db, keys.idCards);
  if ((await findIdentityConflicts(database.db, keys.idCards, { account: values.account })).account) {
    console.error(`the account ${values.account} is taken`);
    process.exit(1);
  }
  const now = Date.now();
  let org = await findOrgByCode(database.db, values['org-code']!);
  if (!org) {
    await insertOrganisation(database.db, {
      id: crypto.randomUUID(),
      code: values['org-code']!,
      name: values['org-name']!,
      logo_file_id: null,
      created_at: now,
    });
    org = await findOrgByCode(database.db, values['org-code']!);
  }
  const password = readablePassword();
  await insertPerson(database.db, {
    id: crypto.randomUUID(),
    org_id: org!.id,
    role: Role.SUPER,
    account: values.account,
    name: values.name!,
    id_card_enc: null,
    id_card_index: null,
    phone: null,
    password_hash: await hashPassword(password),
    avatar_file_id: null,
    failed_logins: 0,
    locked_until: null,
    created_at: now,
    updated_at: now,
  });
  console.log(`platform operator ${values.account} created; password (shown once): ${password}`);
} finally {
  await database.close();
}
