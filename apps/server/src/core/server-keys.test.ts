import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, dropSchema, startServer } from '../../test/harness.js';
import { StartupError } from '../infra/startup-error.js';

/**
 * Nodes of one database share one keys folder: a node given only the ID-number keys (its own
 * signing secret and RSA key made for it) signed video links the others refused and could not
 * decrypt their logins. It is refused at start, naming the file, and makes no key of its own.
 */
describe.skipIf(!TEST_DATABASE_URL)('a second node with a keys folder of its own', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const first = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-keys-a-'));
  afterAll(async () => {
    if (TEST_DATABASE_URL) await dropSchema(TEST_DATABASE_URL, schema);
  });

  it('is refused, naming the key that differs; with the whole folder it starts', async () => {
    const nodeA = await startServer({ databaseUrl: TEST_DATABASE_URL, schema, dataDir: first });
    await nodeA.close();
    const copy = (files: (name: string) => boolean) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-keys-b-'));
      fs.mkdirSync(path.join(dir, 'keys'));
      for (const name of fs.readdirSync(path.join(first, 'keys')).filter(files)) {
        fs.copyFileSync(path.join(first, 'keys', name), path.join(dir, 'keys', name));
      }
      return dir;
    };
    const refusal = (dataDir: string) =>
      startServer({ databaseUrl: TEST_DATABASE_URL, schema, dataDir }).then(
        () => undefined,
        (err: unknown) => err,
      );
    // only the ID-number keys: refused before it makes a secret and an RSA key of its own
    const halfShared = copy((name) => name.startsWith('id-card-'));
    const lacking = await refusal(halfShared);
    expect(lacking).toBeInstanceOf(StartupError);
    expect((lacking as Error).message).toContain('DATA_DIR/keys lacks rsa-private.pem and secret.key');
    expect(fs.readdirSync(path.join(halfShared, 'keys')).sort()).toEqual(
      fs
        .readdirSync(path.join(first, 'keys'))
        .filter((name) => name.startsWith('id-card-'))
        .sort(),
    );
    // a secret of its own
    const ownSecret = copy((name) => name !== 'secret.key');
    fs.writeFileSync(path.join(ownSecret, 'keys', 'secret.key'), crypto.randomBytes(32), { mode: 0o600 });
    const differing = await refusal(ownSecret);
    expect(differing).toBeInstanceOf(StartupError);
    expect((differing as Error).message).toContain('DATA_DIR/keys/secret.key is not the key the other nodes');
    const whole = await startServer({ databaseUrl: TEST_DATABASE_URL, schema, dataDir: copy(() => true) });
    expect((await whole.request('GET', '/api/health/ready')).status).toBe(200);
    await whole.close();
  });
});
