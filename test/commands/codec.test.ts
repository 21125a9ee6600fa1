import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIONS, encodeComponentId, parseComponentId } from '../../src/commands/codec';

const ids = fc.record({
  action: fc.constantFrom(...ACTIONS),
  match: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
  seq: fc.nat({ max: 10_000_000 }),
  arg: fc.string({ maxLength: 40 }),
});

describe('component id codec', () => {
  it('round-trips every id it makes, within Discord’s 100 characters', () => {
    fc.assert(
      fc.property(ids, (id) => {
        const text = encodeComponentId(id);
        expect(text.length).toBeLessThanOrEqual(100);
        expect(parseComponentId(text)).toEqual(id);
      }),
    );
  });

  it('never throws on foreign text, and refuses what it did not make', () => {
    fc.assert(fc.property(fc.string({ maxLength: 120 }), (text) => void parseComponentId(text)));
    expect(parseComponentId('other-bot:reply:abc:1:x')).toBeNull();
    expect(parseComponentId('ss1:launch:abc:1:x')).toBeNull();
    expect(parseComponentId('ss1:reply:abc:01:x')).toBeNull();
    expect(parseComponentId('ss1:reply:abc:-1:x')).toBeNull();
  });

  it('refuses to make an id that would not fit', () => {
    expect(() => encodeComponentId({ action: 'reply', match: 'abc', seq: 1, arg: 'x'.repeat(100) })).toThrow();
  });
});
