import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * ID numbers at rest (issue: trust, item 9). A number is stored sealed with AES-256-GCM under
 * a key kept in DATA_DIR/keys/id-card-N.key, as `N:` + base64url(iv ‖ ciphertext ‖ tag), the
 * person's id bound in as associated data (a sealed number copied onto another row does not
 * open). Lookups and uniqueness go through a blind index: HMAC-SHA256 of the normalised number
 * under id-card-index.key, which never rotates (the index of every row would change with it).
 *
 * Rotation adds id-card-(N+1).key; new numbers are sealed with the highest key, old ones open
 * with theirs until `npm run id-card-keys -- rotate` has re-sealed them. A running node looks
 * for a newer key file at most every KEY_RESCAN_MS, so a rotation needs no restart.
 */
export interface IdCardCipher {
  /** the key new numbers are sealed with */
  currentKeyId(): string;
  /** every key this node can open with */
  keyIds(): string[];
  seal(personId: string, idCard: string): SealedIdCard;
  /** the number, or null when there is none; throws when the sealed value does not open */
  open(personId: string, sealed: string | null): string | null;
  /** the blind index of a number as a person types it (case folded, spaces trimmed) */
  index(idCard: string): string;
  /** a digest that names a key without revealing it: the database records which keys sealed it */
  fingerprints(): Record<string, string>;
}

export interface SealedIdCard {
  id_card_enc: string;
  id_card_index: string;
}

export class IdCardKeyError extends Error {}

export const KEY_RESCAN_MS = 10_000;
const KEY_FILE = /^id-card-(\d{1,6})\.key$/;
const INDEX_FILE = 'id-card-index.key';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** How an ID number is compared: the check letter X either case, no surrounding spaces. */
export const normaliseIdCard = (text: string): string => text.trim().toUpperCase();

/**
 * Writes a key file whole or not at all, never over one that exists: written under a private
 * name, then linked into place (fails if another process — another node — got there first,
 * and a reader never sees it half written). Owned like the folder when root writes it (the
 * rotate command run by an operator), so the server's own user can read it.
 * @returns false when the file existed already
 */
export function writeKeyFile(file: string, data: Buffer): boolean {
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, data, { mode: 0o600, flag: 'wx' });
  try {
    const folder = fs.statSync(path.dirname(file));
    if (process.getuid?.() === 0 && folder.uid !== 0) fs.chownSync(temp, folder.uid, folder.gid);
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function readKey(file: string): Buffer {
  const key = fs.readFileSync(file);
  if (key.length !== 32) throw new IdCardKeyError(`${path.basename(file)} must hold 32 bytes, it holds ${key.length}`);
  return key;
}

function keyFilesIn(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(dir)) {
    const m = KEY_FILE.exec(name);
    if (m) files.set(String(Number(m[1])), path.join(dir, name));
  }
  return files;
}

const newest = (ids: Iterable<string>): string => String(Math.max(...[...ids].map(Number)));

/** Writes the next key file and returns its id (the caller re-seals the rows). */
export function addIdCardKey(keysDir: string): string {
  const ids = [...keyFilesIn(keysDir).keys()];
  const next = String((ids.length ? Number(newest(ids)) : 0) + 1);
  if (!writeKeyFile(path.join(keysDir, `id-card-${next}.key`), crypto.randomBytes(32))) {
    throw new IdCardKeyError(`id-card-${next}.key appeared meanwhile: is another rotation running?`);
  }
  return next;
}

const FINGERPRINT_TEXT = 'anxun: which key is this';
const fingerprint = (key: Buffer) => crypto.createHmac('sha256', key).update(FINGERPRINT_TEXT).digest('base64url');

/**
 * The cipher over DATA_DIR/keys. With `create` (a database that records no keys yet) a first
 * start makes key 1 and the index key; without, missing keys are an error, not new keys. The
 * start-up check (checkIdCardKeys) refuses keys other than those the database records.
 */
export function loadIdCardCipher(
  keysDir: string,
  options: { create?: boolean; now?: () => number } = {},
): IdCardCipher {
  const now = options.now ?? Date.now;
  fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  const indexFile = path.join(keysDir, INDEX_FILE);
  if (options.create !== false) {
    if (keyFilesIn(keysDir).size === 0) writeKeyFile(path.join(keysDir, 'id-card-1.key'), crypto.randomBytes(32));
    if (!fs.existsSync(indexFile)) writeKeyFile(indexFile, crypto.randomBytes(32));
  }
  if (!fs.existsSync(indexFile) || keyFilesIn(keysDir).size === 0) {
    throw new IdCardKeyError(
      `DATA_DIR/keys lacks the ID-number keys this database was sealed with (id-card-N.key, ${INDEX_FILE}): restore the keys folder that belongs to it`,
    );
  }
  const indexKey = readKey(indexFile);

  const keys = new Map<string, Buffer>();
  let current = '';
  const startedAt = now();
  let scannedAt = -Infinity;
  const rescan = (force: boolean) => {
    // even when forced (a value under a key not seen yet), at most once a second
    if (now() - scannedAt < (force ? 1_000 : KEY_RESCAN_MS)) return;
    scannedAt = scannedAt === -Infinity ? startedAt : now();
    for (const [id, file] of keyFilesIn(keysDir)) {
      if (keys.has(id)) continue;
      try {
        keys.set(id, readKey(file));
      } catch (err) {
        // a key this node cannot read (its owner, its size) is not one to seal with: the start
        // fails on it; a running node keeps sealing with the keys it has
        if (scannedAt === startedAt) throw err;
      }
    }
    if (keys.size > 0) current = newest(keys.keys());
  };
  rescan(true);

  const keyFor = (id: string): Buffer => {
    let key = keys.get(id);
    if (!key) {
      rescan(true);
      key = keys.get(id);
    }
    if (!key) throw new IdCardKeyError(`ID numbers sealed with key ${id} need DATA_DIR/keys/id-card-${id}.key`);
    return key;
  };

  const index = (idCard: string) =>
    crypto.createHmac('sha256', indexKey).update(normaliseIdCard(idCard)).digest('base64url');

  return {
    currentKeyId: () => {
      rescan(false);
      return current;
    },
    keyIds: () => [...keys.keys()],
    index,
    fingerprints: () => ({
      [INDEX_FILE]: fingerprint(indexKey),
      ...Object.fromEntries([...keys].map(([id, key]) => [`id-card-${id}.key`, fingerprint(key)])),
    }),
    seal: (personId, idCard) => {
      rescan(false);
      const text = normaliseIdCard(idCard);
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(current), iv);
      cipher.setAAD(Buffer.from(personId, 'utf8'));
      const body = Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return { id_card_enc: `${current}:${body.toString('base64url')}`, id_card_index: index(text) };
    },
    open: (personId, sealed) => {
      if (sealed === null) return null;
      const colon = sealed.indexOf(':');
      const text = sealed.slice(colon + 1);
      if (colon < 1 || !/^\d+$/.test(sealed.slice(0, colon)) || !/^[A-Za-z0-9_-]+$/.test(text)) {
        throw new IdCardKeyError('not a sealed ID number');
      }
      const body = Buffer.from(text, 'base64url');
      if (body.length < IV_BYTES + TAG_BYTES) throw new IdCardKeyError('not a sealed ID number');
      const decipher = crypto.createDecipheriv(
        'aes-256-gcm',
        keyFor(sealed.slice(0, colon)),
        body.subarray(0, IV_BYTES),
      );
      decipher.setAAD(Buffer.from(personId, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new IdCardKeyError(
          `an ID number does not open with key ${sealed.slice(0, colon)} (wrong key file, or the value damaged)`,
        );
      }
    },
  };
}
