import { z } from 'zod';

// zod's fast path compiles parsers with new Function, which the portal's CSP (no 'unsafe-eval')
// forbids in the browser; the interpreted path gives the same results.
z.config({ jitless: true });
