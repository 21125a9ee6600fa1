/**
 * Request bodies arrive as untyped JSON; these name the shape the fake reads them as and the one test
 * it makes before reading a field.
 */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
