/**
 * What a JSON column holds. Readonly arrays and `undefined` members are allowed because the public
 * formats' zod types have optional keys and callers often hold readonly data; JSON.stringify drops
 * undefined members, so they read back as missing.
 */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json | undefined };
