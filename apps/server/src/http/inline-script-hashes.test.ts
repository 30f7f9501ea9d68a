import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes.js';

describe('the CSP hashes of the page’s inline scripts', () => {
  it('names each inline script by the SHA-256 of its exact text, and no script loaded from a file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-csp-'));
    const file = path.join(dir, 'index.html');
    const first = "(function(){var l=document.createElement('link');l.rel='modulepreload'})()";
    const second = '\n  console.log("二")\n';
    fs.writeFileSync(
      file,
      `<html><head><script>${first}</script><script type="module" src="/assets/index.js"></script></head>` +
        `<body><script>${second}</script><script nomodule src="/ie-warning.js"></script></body></html>`,
    );
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(file)).toEqual([sha(first), sha(second)]);
    // a changed script is another hash: the policy follows the page it is built with
    expect(inlineScriptHashes(file)).not.toContain(sha(`${first} `));
    fs.rmSync(dir, { recursive: true });
  });

  it('gives none when the page is not built', () => {
    expect(inlineScriptHashes(path.join(os.tmpdir(), 'no-such-dir', 'index.html'))).toEqual([]);
  });
});
