import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README is the newcomer's way in: its quick start and its configuration table must say
 * what the server reads. An emptied or stale README fails here instead of on a newcomer.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const configSource = fs.readFileSync(path.join(root, 'apps/server/src/infra/config.ts'), 'utf8');

describe('README', () => {
  it('gives the two commands a newcomer needs and the demo accounts', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toMatch(/^npm test$/m);
    for (const login of ['`demo`', '`admin`', '`operator`']) expect(readme).toContain(login);
  });

  it('documents every environment variable the server reads', () => {
    const envBlock = configSource.slice(configSource.indexOf('const envSchema'), configSource.indexOf('});'));
    const names = [...envBlock.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(15);
    const undocumented = names.filter((name) => !readme.includes(`| \`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
