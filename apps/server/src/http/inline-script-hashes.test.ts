import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageScriptSources } from './inline-script-hashes.js';

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

  it('follows the page when it is built again while the server runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-csp-'));
    const file = path.join(dir, 'index.html');
    const sources = pageScriptSources(file);
    expect(sources()).toBe(''); // not built yet
    fs.writeFileSync(file, '<head><script>var f={"/index":["/assets/home-A.js"]}</script></head>');
    const first = sources();
    expect(first).toBe(inlineScriptHashes(file).join(' '));
    expect(first).toMatch(/^'sha256-[\w+/]+={0,2}'$/);
    fs.writeFileSync(file, '<head><script>var f={"/index":["/assets/home-B.js"]}</script></head>');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(sources()).not.toBe(first);
    expect(sources()).toBe(inlineScriptHashes(file).join(' '));
    fs.rmSync(dir, { recursive: true });
  });
});
