import { z } from 'zod';

/*
 * The page's CSP forbids eval, and zod would otherwise probe for it with `Function('')` on its first parse: the
 * probe fails safely but the browser reports it as a CSP violation. Compiled validators buy nothing at the
 * panel's message sizes, so the contract is checked without them.
 */
z.config({ jitless: true });
