import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Noto Sans SC (SIL OFL) from an npm package: Chinese glyphs in a PDF without a system font. */
export function cjkFontFile(weight: 'Regular' | 'Bold'): string {
  for (const dir of require.resolve.paths('@embedpdf/fonts-sc') ?? []) {
    const file = path.join(dir, '@embedpdf/fonts-sc/fonts', `NotoSansHans-${weight}.otf`);
    if (fs.existsSync(file)) return file;
  }
  throw new Error('@embedpdf/fonts-sc is not installed');
}
