import { maskIdCard } from '@anxun/shared/validators';
import type { Db } from '../infra/database.js';
import { IdCardKeyError, type IdCardCipher } from '../infra/id-card-cipher.js';
import { claimState, stateNames } from '../infra/server-state.js';
import {
  countIdCardsSealedOutside,
  findIdCardsNotSealedWith,
  findSealedIdCardSample,
  resealIdCard,
} from './person.repository.js';

const KEY_STATE = 'key:';

/** Whether the database records ID-number keys already (then a node must not make new ones). */
export async function idCardKeysRecorded(db: Db): Promise<boolean> {
  return (await stateNames(db, KEY_STATE)).length > 0;
}

/**
 * Refuses to start when this node's ID-number keys are not the database's: the first start
 * records each key's fingerprint, and every start (every node) must match them — a node with
 * a keys folder of its own would seal numbers nobody else opens and index them so that the
 * same number could be registered twice. Also refuses a key file missing from DATA_DIR/keys,
 * or another installation's keys (a restored database without its keys folder).
 */
export async function checkIdCardKeys(db: Db, cipher: IdCardCipher): Promise<void> {
  const outside = await countIdCardsSealedOutside(db, cipher.keyIds());
  if (outside > 0) {
    throw new IdCardKeyError(
      `${outside} ID numbers are sealed with a key that is not in DATA_DIR/keys (this node has id-card-${cipher
        .keyIds()
        .join('/')}.key): restore the keys folder that belongs to this database`,
    );
  }
  const sample = await findSealedIdCardSample(db);
  if (sample) {
    const text = cipher.open(sample.id, sample.id_card_enc);
    if (text === null || cipher.index(text) !== sample.id_card_index) {
      throw new IdCardKeyError(
        'DATA_DIR/keys/id-card-index.key does not match the database: restore the keys folder that belongs to it',
      );
    }
  }
  // only keys that passed are recorded: a stray file must not become the database's key
  for (const [file, fingerprint] of Object.entries(cipher.fingerprints())) {
    if ((await claimState(db, KEY_STATE + file, fingerprint)) !== fingerprint) {
      throw new IdCardKeyError(
        `DATA_DIR/keys/${file} is not the key this database records: every node must use the same keys folder (restore or share it)`,
      );
    }
  }
}

/** What a screen or sheet shows for a sealed number that does not open (a damaged value). */
export const UNREADABLE_ID_CARD = '（无法读取）';

/** The number, or UNREADABLE_ID_CARD: one damaged row must not take a whole list or login down. */
function openOrMark(cipher: IdCardCipher, personId: string, sealed: string | null): string | null {
  try {
    return cipher.open(personId, sealed);
  } catch (err) {
    if (err instanceof IdCardKeyError) return UNREADABLE_ID_CARD;
    throw err;
  }
}

/** A person's ID number as a screen shows it (masked), from the sealed column. */
export const maskedIdCard = (cipher: IdCardCipher, personId: string, sealed: string | null): string => {
  const text = openOrMark(cipher, personId, sealed);
  return text === UNREADABLE_ID_CARD ? text : maskIdCard(text);
};

/** The two columns an ID number fills on a person's row (both null without one). */
export const idCardColumns = (cipher: IdCardCipher, personId: string, idCard: string | null | undefined) =>
  idCard ? cipher.seal(personId, idCard) : { id_card_enc: null, id_card_index: null };

/** An export's ID-number cell: in full when the manager asked for it (and it was audited), else masked. */
export const exportedIdCard = (cipher: IdCardCipher, personId: string, sealed: string | null, full: boolean): string =>
  full ? (openOrMark(cipher, personId, sealed) ?? '') : maskedIdCard(cipher, personId, sealed);

const RESEAL_BATCH = 500;

/**
 * Seals again, with the current key, every ID number sealed with an older one (a key
 * rotation); a number changed meanwhile is left to its new seal. Returns how many it re-sealed.
 */
export async function resealIdCards(db: Db, cipher: IdCardCipher): Promise<number> {
  const keyId = cipher.currentKeyId();
  let after = '';
  let count = 0;
  for (;;) {
    const rows = await findIdCardsNotSealedWith(db, keyId, after, RESEAL_BATCH);
    for (const row of rows) {
      const text = cipher.open(row.id, row.id_card_enc);
      if (text === null) continue;
      if (await resealIdCard(db, row.id, row.id_card_enc!, cipher.seal(row.id, text).id_card_enc)) count += 1;
    }
    if (rows.length < RESEAL_BATCH) return count;
    after = rows[rows.length - 1]!.id;
  }
}
