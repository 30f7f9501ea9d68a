import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `apps/server`, found from this file: it sits one folder below it both as source
 * (`src/server-root.ts`, run by tsx) and inside the production bundle (`dist/main.js`, where
 * every module's `import.meta.url` is the bundle's). Files the server reads from its own tree
 * (the demo courseware, the face worker) are named from here, never from a module's own URL.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
