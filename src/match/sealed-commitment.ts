/**
 * The commitment of a sealed entry (docs/rulesets.md §2 "Sealed entries"): hex SHA-256 of the engine's
 * `sealedText`. Hashing lives here, with the dice proof's, so the engine stays free of platform crypto.
 */
import { createHash } from 'node:crypto';
import { sealedText } from '../engine';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const sealCommitment = (salt: string, body: unknown): string => sha256Hex(sealedText(salt, body));
