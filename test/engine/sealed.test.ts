/** Sealed entries (docs/rulesets.md §2): the commitment, the public projection and verify's check. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, checkSealed, publicEvent, publicLog, reveal, seal, sealedSlots, type SealedEvent } from '../../src/engine';
import { sealCommitment, sha256Hex } from '../../src/match/sealed-commitment';

const SALT = 'salt-0123456789';
const sealed = (slot: string, body: unknown, salt = SALT) => {
  const event = seal({ slot, by: 'p1', salt, body }, sealCommitment(salt, body));
  if ('code' in event) throw new Error(event.message);
  return event;
};

describe('sealed entries', () => {
  it('hash the salt and the canonical JSON of the body, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }] })).toBe('{"a":[{"c":"x","d":2}],"b":1}');
    expect(sealCommitment(SALT, { b: 1, a: 2 })).toBe(sealCommitment(SALT, { a: 2, b: 1 }));
    expect(sealCommitment(SALT, { a: 1 })).toBe(sha256Hex(`${SALT}\n{"a":1}`));
    expect(sealCommitment(SALT, { a: 1 })).not.toBe(sealCommitment('other-salt-xyz', { a: 1 }));
  });

  it('refuse a short or multi-line salt', () => {
    expect(seal({ slot: 's', by: 'p1', salt: 'short', body: 1 }, 'c')).toMatchObject({ code: 'bad-salt' });
    expect(seal({ slot: 's', by: 'p1', salt: 'long enough\nsalt', body: 1 }, 'c')).toMatchObject({ code: 'bad-salt' });
  });

  it('hide the entry until its slot is revealed, and only that slot', () => {
    const a = sealed('a', { guess: 3 });
    const b = sealed('b', { guess: 5 });
    expect(publicEvent(a, new Set())).toEqual({ type: 'sealed', slot: 'a', by: 'p1', commitment: a.commitment });
    expect(publicEvent(a, new Set(['a']))).toBe(a);
    expect(publicLog([a, b, { type: 'revealed', slot: 'a' }])).toEqual([a, publicEvent(b, new Set()), { type: 'revealed', slot: 'a' }]);
    expect(publicEvent({ type: 'moved' }, new Set())).toEqual({ type: 'moved' });
  });

  it('reveal a slot once, and only one that was sealed', () => {
    const log = [sealed('a', 1)];
    expect(reveal(log, 'a')).toEqual({ type: 'revealed', slot: 'a' });
    expect(reveal(log, 'z')).toMatchObject({ code: 'no-sealed-entry' });
    expect(reveal([...log, { type: 'revealed', slot: 'a' }], 'a')).toMatchObject({ code: 'already-revealed' });
    expect(sealedSlots([...log, { type: 'revealed', slot: 'a' }]).revealed).toEqual(new Set(['a']));
  });

  it('check that every revealed entry matches its commitment', () => {
    const a = sealed('a', { guess: 3 });
    const ok = [a, sealed('b', 2), { type: 'revealed', slot: 'a' }];
    expect(checkSealed(ok, sha256Hex)).toEqual({ ok: true, revealed: 1 });
    const forged: SealedEvent = { ...a, entry: { ...a.entry, body: { guess: 4 } } };
    expect(checkSealed([forged, { type: 'revealed', slot: 'a' }], sha256Hex)).toMatchObject({ ok: false, problem: expect.stringContaining('does not match') });
    // An entry not yet revealed is not checked: its body may be withheld from the export.
    expect(checkSealed([forged], sha256Hex)).toEqual({ ok: true, revealed: 0 });
    expect(checkSealed([{ type: 'revealed', slot: 'a' }, a], sha256Hex)).toMatchObject({ ok: false, problem: expect.stringContaining('nothing sealed') });
    expect(checkSealed([a, a], sha256Hex)).toMatchObject({ ok: false, problem: expect.stringContaining('second time') });
    expect(checkSealed([a, { type: 'revealed', slot: 'a' }, { type: 'revealed', slot: 'a' }], sha256Hex)).toMatchObject({ ok: false });
  });

  it('never show a sealed marker in the public log of any prefix before its reveal', () => {
    // A log of sealed entries with marker bodies, reveals and other events, in any order.
    const step = fc.oneof(
      fc.constant({ kind: 'seal' as const }),
      fc.nat(20).map((n) => ({ kind: 'reveal' as const, n })),
      fc.constant({ kind: 'other' as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const log: unknown[] = [];
        const slots: string[] = [];
        for (const s of steps) {
          if (s.kind === 'seal') {
            const slot = `slot${slots.length}`;
            slots.push(slot);
            log.push(sealed(slot, { note: `MARKER-${slot}-END`, nested: [{ deep: `MARKER-${slot}-END` }] }));
          } else if (s.kind === 'reveal' && slots.length > 0) {
            const r = reveal(log, slots[s.n % slots.length]!);
            if (!('code' in r)) log.push(r);
          } else log.push({ type: 'other', text: 'nothing sealed here' });
        }
        for (let end = 0; end <= log.length; end++) {
          const prefix = log.slice(0, end);
          const text = JSON.stringify(publicLog(prefix));
          const { revealed } = sealedSlots(prefix);
          for (const slot of slots)
            expect(text.includes(`MARKER-${slot}-END`)).toBe(revealed.has(slot) && prefix.some((e) => (e as { slot?: string }).slot === slot));
        }
        expect(checkSealed(log, sha256Hex).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
