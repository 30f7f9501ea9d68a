import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BadCiphertextError, RSA_BLOCK_BYTES, decryptField, encryptField } from './crypto.js';

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();

describe('a wire field: plain text or RSA-OAEP ciphertext', () => {
  it('decrypts one block and several, as the browser encrypts them', async () => {
    expect(await decryptField(encryptField('s3cret-密码', publicKeyPem), privateKey)).toBe('s3cret-密码');
    const report = JSON.stringify({ trainWarpCourseId: 'x'.repeat(36), playbackId: '测'.repeat(80), seq: 1 });
    const cipher = encryptField(report, publicKeyPem);
    expect(Buffer.from(cipher, 'base64').length).toBe(2 * RSA_BLOCK_BYTES);
    expect(await decryptField(cipher, privateKey)).toBe(report);
  });

  it('passes plain text through, even text that is long base64', async () => {
    expect(await decryptField('demo-password', privateKey)).toBe('demo-password');
    const notBlocks = 'A'.repeat(400);
    expect(await decryptField(notBlocks, privateKey)).toBe(notBlocks);
  });

  it('refuses what has the shape of ciphertext but does not decrypt with this key', async () => {
    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const foreign = encryptField('hello', otherKey.export({ type: 'spki', format: 'pem' }).toString());
    await expect(decryptField(foreign, privateKey)).rejects.toThrow(BadCiphertextError);
    const tampered = Buffer.from(encryptField('hello', publicKeyPem), 'base64');
    tampered[10] = tampered[10]! ^ 0xff;
    await expect(decryptField(tampered.toString('base64'), privateKey)).rejects.toThrow(BadCiphertextError);
  });

  it('refuses a plaintext that is not UTF-8', async () => {
    const block = crypto.publicEncrypt(
      { key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from([0xff, 0xfe, 0x41]),
    );
    await expect(decryptField(block.toString('base64'), privateKey)).rejects.toThrow(BadCiphertextError);
  });

  it('leaves the event loop free while it decrypts (other requests go on meanwhile)', async () => {
    // 40 blocks: tens of milliseconds of RSA work, which privateDecrypt did on this thread
    const text = 'x'.repeat(40 * 190);
    const cipher = encryptField(text, publicKeyPem);
    let turns = 0;
    let done = false;
    const spin = () => {
      turns += 1;
      if (!done) setImmediate(spin);
    };
    const decrypted = decryptField(cipher, privateKey).finally(() => {
      done = true;
    });
    setImmediate(spin);
    expect(await decrypted).toBe(text);
    expect(turns).toBeGreaterThan(10);
  });
});
