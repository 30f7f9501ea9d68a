/**
 * Fetches a page's code ahead, into the browser's cache, without running it: the build lists
 * each such page's files in index.html (`#page-files`, vite-first-page.ts), and each is asked
 * for as a `prefetch`, at the network's lowest priority. Opening the page later takes them
 * from the cache. In development there is no list, and nothing is fetched.
 */
let listed: Record<string, string[]> | undefined;
const asked = new Set<string>();

export function prefetchPage(route: string): void {
  if (!listed) {
    try {
      listed = JSON.parse(document.getElementById('page-files')?.textContent || '{}') as Record<string, string[]>;
    } catch {
      listed = {};
    }
  }
  for (const file of listed[route] ?? []) {
    if (asked.has(file)) continue;
    asked.add(file);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // as the app's modules are asked for (CORS mode): the cached answer is then theirs to take
    if (file.endsWith('.js')) link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}
