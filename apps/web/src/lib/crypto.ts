/**
 * Login fields are encrypted in the browser with the server's RSA-OAEP (SHA-256) key from
 * /publicKey, in blocks of at most 190 bytes, the ciphertext blocks joined and base64ed —
 * what the server's decryptField reads.
 */
const PLAINTEXT_BLOCK = 190;

let cached: { pem: string; key: Promise<CryptoKey> } | undefined;

function pemToDer(pem: string): ArrayBuffer {
  const b64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function importKey(pem: string): Promise<CryptoKey> {
  if (cached?.pem !== pem) {
    cached = {
      pem,
      key: crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']),
    };
  }
  return cached.key;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

export async function encryptField(text: string, publicKeyPem: string): Promise<string> {
  const key = await importKey(publicKeyPem);
  const data = new TextEncoder().encode(text);
  const blocks: Uint8Array[] = [];
  for (let offset = 0; offset < Math.max(data.length, 1); offset += PLAINTEXT_BLOCK) {
    const cipher = await crypto.subtle.encrypt(
      { name: 'RSA-OAEP' },
      key,
      data.subarray(offset, offset + PLAINTEXT_BLOCK),
    );
    blocks.push(new Uint8Array(cipher));
  }
  const joined = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    joined.set(b, at);
    at += b.length;
  }
  return toBase64(joined);
}

/** Encrypts every field of a form (trimmed first, as the spec's login does). */
export async function encryptForm<T extends Record<string, string>>(form: T, publicKeyPem: string): Promise<T> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) out[k] = await encryptField(v.trim(), publicKeyPem);
  return out as T;
}
