import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The pages a first visit most often opens, by the route in the address's hash, and their modules. */
const FIRST_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/pages/login-page.tsx'],
  '/index': ['src/shell/shell-layout.tsx', 'src/features/courses/pages/index-page.tsx'],
  // a course's page: a shared link, or a search result
  '/course': ['src/shell/shell-layout.tsx', 'src/features/courses/pages/course-page.tsx'],
  // a QR code opens these on a phone: a certificate's, and a face check's
  '/card': ['src/features/card/pages/card-page.tsx'],
  '/camera': ['src/features/camera/pages/camera-page.tsx'],
};

/**
 * Pages whose code another page fetches ahead, into the cache and unrun (`prefetchPage` in
 * src/lib/page-files.ts): 我的学习 asks for the player's at the learner's first touch, scroll
 * or key, so that opening a course waits for no code.
 */
const NEXT_PAGES: Record<string, string[]> = {
  '/show': ['src/features/study/pages/show-page.tsx'],
};

/**
 * Puts a few lines into index.html that ask, as the page is parsed, for the code (and CSS) of
 * the page the address opens: the login page, the layout and 首页 or 课程详情, the certificate check or the
 * phone's face photo. Without them that code is found only once the app's main script has
 * arrived and run — on a throttled phone a round trip and half a second later. The server
 * allows the script by its hash (app.ts).
 */
export function firstPagePreload(): Plugin {
  return {
    name: 'anxun-first-page-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // what index.html already asks for
        const known = new Set(entry ? closure(ctx.bundle, entry.fileName) : []);
        const filesOf = (pages: Record<string, string[]>) => {
          const files: Record<string, string[]> = {};
          for (const [route, modules] of Object.entries(pages)) {
            const wanted = new Set<string>();
            for (const id of modules) {
              const chunk = chunks.find((c) => c.moduleIds.some((m) => m.endsWith(id)));
              if (!chunk) throw new Error(`first-page preload: no chunk for ${id}`);
              for (const file of closure(ctx.bundle!, chunk.fileName)) if (!known.has(file)) wanted.add(file);
            }
            files[route] = [...wanted].map((f) => `/${f}`);
          }
          return files;
        };
        const files = filesOf(FIRST_PAGES);
        const script =
          `(function(){var f=${JSON.stringify(files)};` +
          `var p=location.hash.replace(/^#/,'').split('?')[0];` +
          `var l=f[p===''||p==='/'?'/index':p];if(!l)return;` +
          `l.forEach(function(u){var e=document.createElement('link');` +
          `if(/\\.css$/.test(u)){e.rel='preload';e.as='style'}else{e.rel='modulepreload'}` +
          `e.crossOrigin='';e.href=u;document.head.appendChild(e)})})()`;
        // after the page's charset and viewport, before its stylesheet (an inline script waits
        // for the stylesheets above it)
        const at = /<meta name="viewport"[^>]*>/.exec(html);
        if (!at) throw new Error('first-page preload: no viewport meta in index.html');
        const end = at.index + at[0].length;
        // the next pages' files: data, not a script (no hash to allow, nothing run)
        const next = `<script type="application/json" id="page-files">${JSON.stringify(filesOf(NEXT_PAGES))}</script>`;
        return `${html.slice(0, end)}<script>${script}</script>${html.slice(end)}`.replace('</body>', `${next}</body>`);
      },
    },
  };
}

/** A chunk's file, the files of the chunks it imports statically (all the way down) and their CSS. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  if (seen.has(fileName)) return [];
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk') return [];
  const css = [...(chunk.viteMetadata?.importedCss ?? [])];
  return [fileName, ...css, ...chunk.imports.flatMap((f) => closure(bundle, f, seen))];
}
