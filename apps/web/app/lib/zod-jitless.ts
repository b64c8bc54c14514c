import { z } from 'zod';

/**
 * zod 4 probes `new Function` when a schema is built, to compile fast parsers. The shop's CSP
 * forbids eval, so the probe shows up as a CSP violation (a Lighthouse Best Practices failure).
 * The interpreter is plenty fast for forms. Import this module BEFORE any module that builds
 * schemas: the setting only affects schemas created after it runs.
 */
z.config({ jitless: true });
