import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BadCiphertextError, RSA_BLOCK_BYTES, decryptField, encryptField } from './crypto.js';

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();

describe('a wire field: plain text or RSA-OAEP ciphertext', () => {
  it('decrypts one block and several, as the browser encrypts them', () => {
    expect(decryptField(encryptField('s3cret-密码', publicKeyPem), privateKey)).toBe('s3cret-密码');
    const report = JSON.stringify({ trainWarpCourseId: 'x'.repeat(36), playbackId: '测'.repeat(80), seq: 1 });
    const cipher = encryptField(report, publicKeyPem);
    expect(Buffer.from(cipher, 'base64').length).toBe(2 * RSA_BLOCK_BYTES);
    expect(decryptField(cipher, privateKey)).toBe(report);
  });

  it('passes plain text through, even text that is long base64', () => {
    expect(decryptField('demo-password', privateKey)).toBe('demo-password');
    const notBlocks = 'A'.repeat(400);
    expect(decryptField(notBlocks, privateKey)).toBe(notBlocks);
  });

  it('refuses what has the shape of ciphertext but does not decrypt with this key', () => {
    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const foreign = encryptField('hello', otherKey.export({ type: 'spki', format: 'pem' }).toString());
    expect(() => decryptField(foreign, privateKey)).toThrow(BadCiphertextError);
    const tampered = Buffer.from(encryptField('hello', publicKeyPem), 'base64');
    tampered[10] = tampered[10]! ^ 0xff;
    expect(() => decryptField(tampered.toString('base64'), privateKey)).toThrow(BadCiphertextError);
  });

  it('refuses a plaintext that is not UTF-8', () => {
    const block = crypto.publicEncrypt(
      { key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from([0xff, 0xfe, 0x41]),
    );
    expect(() => decryptField(block.toString('base64'), privateKey)).toThrow(BadCiphertextError);
  });
});
