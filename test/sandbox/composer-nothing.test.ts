import { describe, expect, it } from 'vitest';
// @ts-expect-error the sandbox page's plain-JS module has no types
import { offeredChoices } from '../../src/sandbox/public/composer.js';

describe('the sandbox composer and a "Nothing to choose" entry', () => {
  it('shows the reason as a note and offers nothing that Tab could put in the box', () => {
    const why = 'Nothing to choose: no enemy in reach of Longbow.';
    expect(offeredChoices([{ name: why, value: 'none' }])).toEqual({ choices: [], why });
    expect(offeredChoices([{ name: why, value: 'none:gh' }])).toEqual({ choices: [], why });
  });

  it('offers real suggestions as they are', () => {
    const choices = [{ name: 'GH (Ghoul) at G8', value: 'gh' }];
    expect(offeredChoices(choices)).toEqual({ choices, why: null });
  });
});
