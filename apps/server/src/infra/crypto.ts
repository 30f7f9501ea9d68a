import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** RSA-2048 with OAEP/SHA-256: 256-byte ciphertext blocks, at most 190 plaintext bytes each. */
export const RSA_BLOCK_BYTES = 256;
export const RSA_PLAINTEXT_BLOCK_BYTES = 190;

export class BadCiphertextError extends Error {}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Each private key's WebCrypto form, imported once (a KeyObject cannot be handed to WebCrypto as it is on Node 20). */
const decryptionKeys = new WeakMap<crypto.KeyObject, Promise<crypto.webcrypto.CryptoKey>>();

function decryptionKey(privateKey: crypto.KeyObject): Promise<crypto.webcrypto.CryptoKey> {
  let key = decryptionKeys.get(privateKey);
  if (!key) {
    key = crypto.subtle.importKey(
      'pkcs8',
      privateKey.export({ type: 'pkcs8', format: 'der' }),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    // a failed import is tried again next time, not kept
    key.catch(() => decryptionKeys.delete(privateKey));
    decryptionKeys.set(privateKey, key);
  }
  return key;
}

/**
 * A wire field is either plain text or base64 RSA-OAEP ciphertext (one or more 256-byte
 * blocks, each decrypting to a slice of the UTF-8 plaintext). A value that has the exact
 * shape of ciphertext but does not decrypt is an error, not a password to try.
 *
 * The blocks are decrypted by WebCrypto, which works in libuv's thread pool: a block costs
 * ~0.35–1 ms of CPU, which `privateDecrypt` spent on the event loop, holding every other
 * request meanwhile (a login form carries two or three such fields).
 */
export async function decryptField(value: string, privateKey: crypto.KeyObject): Promise<string> {
  if (value.length < 344 || !BASE64.test(value)) return value;
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length === 0 || bytes.length % RSA_BLOCK_BYTES !== 0) return value;
  const key = await decryptionKey(privateKey);
  // one block at a time: garbage shaped like ciphertext costs one block's work, not all of them
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += RSA_BLOCK_BYTES) {
    try {
      const block = bytes.subarray(offset, offset + RSA_BLOCK_BYTES);
      parts.push(Buffer.from(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, key, block)));
    } catch {
      throw new BadCiphertextError('ciphertext does not decrypt');
    }
  }
  const text = Buffer.concat(parts).toString('utf8');
  if (text.includes('\uFFFD')) throw new BadCiphertextError('plaintext is not UTF-8');
  return text;
}

/** The client side of decryptField, for tests and tools (the browser uses WebCrypto). */
export function encryptField(text: string, publicKeyPem: string): string {
  const data = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let offset = 0; offset < Math.max(data.length, 1); offset += RSA_PLAINTEXT_BLOCK_BYTES) {
    parts.push(
      crypto.publicEncrypt(
        { key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        data.subarray(offset, offset + RSA_PLAINTEXT_BLOCK_BYTES),
      ),
    );
  }
  return Buffer.concat(parts).toString('base64');
}

/** 256 bits of randomness, URL-safe: access tokens, refresh tokens. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Letters and digits a person reads off a screen without confusing them (no 0/o, 1/l/i). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A first password a manager hands over (shown once; the person changes it in 个人中心). */
export const readablePassword = (): string =>
  Array.from({ length: 10 }, () => PASSWORD_ALPHABET[crypto.randomInt(PASSWORD_ALPHABET.length)]).join('');

/** Tokens are stored only as hashes, so a database leak does not hand out sessions. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export const hmac = (secret: Buffer, text: string): string =>
  crypto.createHmac('sha256', secret).update(text).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
};

/** A uniformly random numeric code of the given length. */
export const randomDigits = (length: number): string => Array.from({ length }, () => crypto.randomInt(0, 10)).join('');

// scrypt (RFC 7914) at N=2^15, r=8, p=1: ~30 ms here, 32 MiB of memory per hash.
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not tell. */
export const DUMMY_PASSWORD_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
