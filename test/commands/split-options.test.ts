import { describe, expect, it } from 'vitest';
import { splitOptions } from '../../src/rulesets/sellsword/engine/split-options';

describe('wound split choices (§4.30, R22)', () => {
  it('offers the default first, then every distinct Vigor/box split', () => {
    const options = splitOptions({ wounds: 10, vigor: 7, boxes: ['mobility', 'defensive', 'mortal'], default: { avoid: 5, injuries: ['mobility'] } });
    expect(options[0]).toEqual({ avoid: 5, injuries: ['mobility'] });
    const text = options.map((o) => `${o.avoid}:${o.injuries.join('+')}`);
    expect(new Set(text).size).toBe(text.length);
    expect(text.sort()).toEqual(['0:defensive+mortal', '0:mobility+defensive', '0:mobility+mortal', '5:defensive', '5:mobility', '5:mortal'].sort());
  });

  it('treats boxes of one kind as the same choice', () => {
    const options = splitOptions({ wounds: 5, vigor: 0, boxes: ['mobility', 'mobility', 'mortal'], default: { avoid: 0, injuries: ['mobility'] } });
    expect(options).toEqual([
      { avoid: 0, injuries: ['mobility'] },
      { avoid: 0, injuries: ['mortal'] },
    ]);
  });

  it('offers one way to drop: marking every box left leads to the same result whatever Vigor is spent first', () => {
    // 15 wounds, 10 Vigor, one box: every split marks the last box and drops the unit.
    const options = splitOptions({ wounds: 15, vigor: 10, boxes: ['mortal'], default: { avoid: 10, injuries: ['mortal'] } });
    expect(options).toEqual([{ avoid: 10, injuries: ['mortal'] }]);
    // Beside ways that keep it up, the drop is still offered once (the default first).
    const some = splitOptions({ wounds: 15, vigor: 5, boxes: ['mobility', 'mortal'], default: { avoid: 0, injuries: ['mobility', 'mortal'] } });
    expect(some.filter((o) => o.injuries.length === 2)).toEqual([{ avoid: 0, injuries: ['mobility', 'mortal'] }]);
  });
});
