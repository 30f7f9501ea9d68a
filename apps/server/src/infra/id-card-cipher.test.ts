import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addIdCardKey, IdCardKeyError, KEY_RESCAN_MS, loadIdCardCipher, writeKeyFile } from './id-card-cipher.js';

const ID = '11010519491231002X';
const PERSON = '6f1c2d9e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d9e-0000-4000-8000-000000000002';
const keysDir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-keys-')), 'keys');

describe('ID numbers sealed at rest', () => {
  it('seals a number so neither it nor its digits show, and opens it for its person only', () => {
    const cipher = loadIdCardCipher(keysDir());
    const a = cipher.seal(PERSON, ID);
    const b = cipher.seal(PERSON, ID);
    expect(a.id_card_enc).toMatch(/^1:[A-Za-z0-9_-]+$/);
    expect(a.id_card_enc).not.toContain('19491231');
    // a fresh IV each time: equal numbers do not look equal sealed …
    expect(a.id_card_enc).not.toBe(b.id_card_enc);
    // … but their blind index is one, whatever case the check letter was typed in
    expect(a.id_card_index).toBe(b.id_card_index);
    expect(cipher.index(ID.toLowerCase())).toBe(a.id_card_index);
    expect(cipher.index(` ${ID} `)).toBe(a.id_card_index);
    expect(cipher.index('110105194912310011')).not.toBe(a.id_card_index);
    expect(cipher.open(PERSON, a.id_card_enc)).toBe(ID);
    expect(cipher.open(PERSON, null)).toBeNull();
    // a sealed number copied onto another person's row does not open there
    expect(() => cipher.open(OTHER, a.id_card_enc)).toThrow(IdCardKeyError);
    // nor does one with a byte changed
    const body = Buffer.from(a.id_card_enc.slice(2), 'base64url');
    body[14] = (body[14]! + 1) % 256;
    expect(() => cipher.open(PERSON, `1:${body.toString('base64url')}`)).toThrow(IdCardKeyError);
    expect(() => cipher.open(PERSON, 'not sealed')).toThrow(IdCardKeyError);
    // base64url only, no characters a lenient decoder would skip
    expect(() => cipher.open(PERSON, `1:!!!!${a.id_card_enc.slice(2)}`)).toThrow(IdCardKeyError);
    expect(() => cipher.open(PERSON, `${a.id_card_enc}**`)).toThrow(IdCardKeyError);
  });

  it('keeps its keys readable by the owner only, and another installation cannot open them', () => {
    const dir = keysDir();
    const cipher = loadIdCardCipher(dir);
    for (const name of ['id-card-1.key', 'id-card-index.key']) {
      expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
    }
    const sealed = cipher.seal(PERSON, ID);
    const elsewhere = loadIdCardCipher(keysDir());
    expect(() => elsewhere.open(PERSON, sealed.id_card_enc)).toThrow(/does not open with key 1/);
    expect(elsewhere.index(ID)).not.toBe(sealed.id_card_index);
    // a second load of the same folder (a restart, another node) opens it
    expect(loadIdCardCipher(dir).open(PERSON, sealed.id_card_enc)).toBe(ID);
  });

  it('makes no key where the database records keys already, and names what is missing', () => {
    const dir = keysDir();
    expect(() => loadIdCardCipher(dir, { create: false })).toThrow(/lacks the ID-number keys/);
    expect(fs.readdirSync(dir)).toEqual([]);
    // fingerprints tell two installations' keys apart without showing them
    const one = loadIdCardCipher(dir).fingerprints();
    const other = loadIdCardCipher(keysDir()).fingerprints();
    expect(Object.keys(one).sort()).toEqual(['id-card-1.key', 'id-card-index.key']);
    expect(one['id-card-1.key']).not.toBe(other['id-card-1.key']);
    expect(loadIdCardCipher(dir, { create: false }).fingerprints()).toEqual(one);
    const raw = fs.readFileSync(path.join(dir, 'id-card-1.key'));
    expect(JSON.stringify(one)).not.toContain(raw.toString('base64url'));
  });

  it('writes a key file whole or not at all, once, whoever races for it', () => {
    const dir = keysDir();
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'id-card-1.key');
    const results = Array.from({ length: 20 }, () => writeKeyFile(file, crypto.randomBytes(32)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(fs.readFileSync(file)).toHaveLength(32);
    expect(fs.readdirSync(dir)).toEqual(['id-card-1.key']); // no temporary left behind
  });

  it('refuses a key file that is not 32 bytes', () => {
    const dir = keysDir();
    loadIdCardCipher(dir);
    fs.writeFileSync(path.join(dir, 'id-card-2.key'), 'short');
    expect(() => loadIdCardCipher(dir)).toThrow(/id-card-2\.key must hold 32 bytes/);
  });

  it('rotates: a running node takes up a new key within the rescan time and opens either', () => {
    const dir = keysDir();
    let clock = 1_000_000;
    const running = loadIdCardCipher(dir, { now: () => clock });
    const old = running.seal(PERSON, ID);

    // another process (the rotate command) adds key 2
    expect(addIdCardKey(dir)).toBe('2');
    const rotated = loadIdCardCipher(dir);
    const fresh = rotated.seal(OTHER, ID);
    expect(fresh.id_card_enc.startsWith('2:')).toBe(true);
    expect(rotated.open(PERSON, old.id_card_enc)).toBe(ID);
    // the running node seals with key 1 until it looks again (what rotate's second pass is for) …
    clock += KEY_RESCAN_MS - 1;
    expect(running.seal(PERSON, ID).id_card_enc.startsWith('1:')).toBe(true);
    clock += 1;
    expect(running.seal(PERSON, ID).id_card_enc.startsWith('2:')).toBe(true);
    expect(running.currentKeyId()).toBe('2');
    // … and a node that has not looked yet opens a number sealed with a key new to it at once
    let lateClock = 0;
    const late = loadIdCardCipher(dir, { now: () => lateClock });
    addIdCardKey(dir);
    lateClock += 1_000; // it looks again at most once a second
    expect(late.open(OTHER, loadIdCardCipher(dir).seal(OTHER, ID).id_card_enc)).toBe(ID);
    // the index key never rotates: lookups find old and new alike
    expect(fresh.id_card_index).toBe(old.id_card_index);
  });

  it('names the missing key file when a number needs it', () => {
    const dir = keysDir();
    const cipher = loadIdCardCipher(dir);
    const sealed = cipher.seal(PERSON, ID);
    expect(() => cipher.open(PERSON, sealed.id_card_enc.replace(/^1:/, '7:'))).toThrow(
      'ID numbers sealed with key 7 need DATA_DIR/keys/id-card-7.key',
    );
  });
});
