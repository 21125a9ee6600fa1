/** /help and /rules: topics in the project's words, found by the words a player knows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_TOPICS } from '../../src/rulesets/sellsword/rules-topics';
import { HELP_TOPICS } from '../../src/commands/help/help-topics';
import { RULESETS } from '../../src/rulesets';
import { answerText, startWorld, type World } from './world';

let world: World;
beforeAll(async () => {
  world = await startWorld(5);
}, 30_000);
afterAll(async () => world?.close());

describe('/help', () => {
  it('says what the bot is and lists its topics, privately', async () => {
    const s = await world.run({ user: 'carol', name: 'help' });
    expect(s.response?.ephemeral).toBe(true);
    expect(answerText(s)).toContain('tabletop miniatures game');
    for (const t of HELP_TOPICS) expect(answerText(s)).toContain(`/help topic:${t.id}`);
    expect(answerText(s)).toContain("in another game's match or league, or with `ruleset:`, that game's own topics");
    const game = await world.run({ user: 'carol', name: 'help', options: { topic: 'sword-and-claw' } });
    expect(answerText(game)).toContain(
      '`/rules topic:…` in a Sword and Claw thread or league (or with `ruleset:Sword and Claw` anywhere) looks up its own rules.',
    );
  });

  it('shows a topic, and shares it when asked', async () => {
    const s = await world.run({ user: 'carol', name: 'help', options: { topic: 'prompts', share: true } });
    expect(s.response?.ephemeral).toBe(false);
    expect(answerText(s)).toContain('Choices out of turn');
  });

  it('the turn topic says what each act does, not only its command (a /crow with no word left a player guessing)', async () => {
    const s = await world.run({ user: 'carol', name: 'help', options: { topic: 'turn' } });
    expect(answerText(s)).toMatch(/`\/crow` \([^)]*dropped an enemy[^)]*\+5 Vigor\)/);
    expect(answerText(s)).toMatch(/`\/rest token:react` \([^)]+\)/);
  });
});

describe('the warband examples in /help', () => {
  it('are legal warbands a player can paste into /warband submit', async () => {
    const examples = HELP_TOPICS.flatMap((h) => [...h.text.matchAll(/`([^`|]+\|[^`|]+\|[^`|]+\|[^`]+)`/g)].map((m) => m[1]!)).filter(
      (l) => !l.includes('…') && !l.startsWith('/'),
    );
    expect(examples.length).toBeGreaterThan(0);
    for (const [i, line] of examples.entries()) {
      const s = await world.run({ user: 'dave', name: 'warband submit', options: { text: line.replace(/^[^|]+/, `Example ${i} `) } });
      expect(answerText(s)).toMatch(/saved/i);
      expect(answerText(s)).not.toMatch(/cannot|needs|error|unknown/i);
    }
  });
});

describe('/rules', () => {
  it('finds a topic by a word a player knows', async () => {
    const choices = await world.fake.autocomplete({ user: 'carol', name: 'rules', options: { topic: 'flank' }, focused: 'topic' });
    expect(choices.map((c) => c.value)).toEqual(['compromised']);
    const s = await world.run({ user: 'carol', name: 'rules', options: { topic: 'flank' } });
    expect(answerText(s)).toContain('**Compromised (flanking)**');
  });

  it("finds what a stat card's Fantasy rating means by that word", async () => {
    const choices = await world.fake.autocomplete({ user: 'carol', name: 'rules', options: { topic: 'fantasy' }, focused: 'topic' });
    expect(choices.map((c) => c.value)).toEqual(['warbands']);
    const s = await world.run({ user: 'carol', name: 'rules', options: { topic: 'fantasy' } });
    expect(answerText(s)).toMatch(/\*\*Fantasy\*\* rating .* in play it does nothing/);
  });

  it('refuses an unknown topic with what it might have meant', async () => {
    const s = await world.run({ user: 'carol', name: 'rules', options: { topic: 'charg' } });
    expect(answerText(s)).toContain('There is no rules topic "charg". Did you mean `charge`');
  });
});

describe('/rules of Sword and Claw', () => {
  it('finds its own topics by the words a player knows, with ruleset:', async () => {
    const ask = (topic: string) => world.fake.autocomplete({ user: 'carol', name: 'rules', options: { topic, ruleset: 'sword-and-claw' }, focused: 'topic' });
    expect((await ask('diagonal')).map((c) => c.value)).toEqual(['movement']);
    expect((await ask('')).map((c) => c.value)).toEqual(expect.arrayContaining(['movement', 'melee', 'to-wound', 'hurt', 'opportunity', 'deployment']));
    const moving = await world.run({ user: 'carol', name: 'rules', options: { topic: 'diagonals', ruleset: 'sword-and-claw' } });
    expect(answerText(moving)).toMatch(/^\*\*Sword and Claw: Movement: Move, Run, Slide\*\*\n/);
    expect(answerText(moving)).toContain('Diagonal steps count 1, 2, 1, 2…');
    const hurt = await world.run({ user: 'carol', name: 'rules', options: { topic: 'hurt', ruleset: 'sword-and-claw' } });
    expect(answerText(hurt)).toContain('half its Wounds or more is **Hurt**');
    // Sellsword's topics are not Sword and Claw's: a Sellsword word is refused with the game named.
    const reply = await world.run({ user: 'carol', name: 'rules', options: { topic: 'reply', ruleset: 'sword-and-claw' } });
    expect(answerText(reply)).toMatch(/^There is no rules topic "reply" \(Sword and Claw\)\./);
  });

  it("takes the game of the channel's league when none is named", async () => {
    await world.run({ user: 'alice', name: 'league create', options: { name: 'Claw Cup', ruleset: 'sword-and-claw' } });
    const choices = await world.fake.autocomplete({ user: 'carol', name: 'rules', options: { topic: 'opportun' }, focused: 'topic' });
    expect(choices.map((c) => c.value)).toEqual(['opportunity']);
    const s = await world.run({ user: 'carol', name: 'rules', options: { topic: 'opportunity' } });
    expect(answerText(s)).toContain('**Sword and Claw: Opportunity attacks**');
    // Sellsword's rules are still there by name.
    const ours = await world.run({ user: 'carol', name: 'rules', options: { topic: 'flank', ruleset: 'sellsword' } });
    expect(answerText(ours)).toContain('**Compromised (flanking)**');
  });
});

describe('the words players read', () => {
  it('name rules by topic, never by a rulebook section or ruling number', () => {
    const games = RULESETS.flatMap((g) => g.rules.map((r) => r.text));
    for (const t of [...RULES_TOPICS.map((r) => r.text), ...games, ...HELP_TOPICS.map((h) => h.text)]) {
      expect(t).not.toMatch(/§|\bR\d+\b|\bSC ?\d+\b|\bSC [A-Z]/);
    }
  });
});
