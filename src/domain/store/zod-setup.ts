import { z } from 'zod';

/**
 * Browsers run the app under a Content-Security-Policy without eval (the server's security headers). Zod probes `new Function`
 * when it builds object schemas, and the browser reports that attempt as a violation even though zod catches
 * it: in a browser, zod runs without its JIT. Node (the server) keeps it. Imported, for its effect, before any
 * schema is built (src/domain/store/schema.ts, which every other schema module imports first).
 */
if ('document' in globalThis) z.config({ jitless: true });
