/**
 * Prompts carry the facts: a reply prompt names the attack coming and its odds, and each reply button
 * its own chance and the token it spends; the wound menu shows what each choice leads to, from the
 * engine's own queries (woundOutcomes).
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/rulesets/sellsword/engine/decide';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import type { Command } from '../../src/rulesets/sellsword/engine/commands';
import type { GameState } from '../../src/rulesets/sellsword/engine/state';
import { woundOutcomes } from '../../src/rulesets/sellsword/engine/queries';
import { oddsHead, replyFacts, woundFacts } from '../../src/rulesets/sellsword/table';
import { gamePromptPost } from '../../src/commands/prompts/prompt-game';
import { table } from '../render/states';
import { targetChoices } from '../../src/rulesets/sellsword/table/act-suggestions';

function run(state: GameState, ...commands: Command[]): GameState {
  let s = state;
  for (const c of commands) {
    const r = decide(s, c);
    if ('error' in r) throw new Error(r.error.message);
    s = r.events.reduce(apply, s);
  }
  return s;
}

const start = () =>
  table({
    map: 'barrow-hill',
    dice: [10, 19, 19],
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
    ],
  });
const name = (p: string) => ({ p1: 'Alice', p2: 'Bob' })[p] ?? p;

/** The reply facts the War Hound (J11) is given when the Skeleton beside it (J10) attacks it. */
function skeletonAttacksHound(): ReturnType<typeof replyFacts> {
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'sk', card: 'havoc-skeleton', player: 'p1', at: 'J10' },
      { id: 'wh', card: 'valor-war-hound', player: 'p2', at: 'J11' },
    ],
  });
  const attack = game.cards[game.units.sk!.card]!.attacks[0]!.id;
  const s = run(game, { act: 'attack', unit: 'sk', attack, target: 'wh' });
  if (s.prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${s.prompt?.kind}`);
  return replyFacts(s, s.prompt);
}

describe('R21, issue 26: a THEN status is said only as the engine says it lands', () => {
  // A Hamstring Bite (5 pierce, then Hobbled) on a Skeleton (immune −5 pierce): a plain hit wounds
  // nothing, so nothing hobbles it; a critical's 15 get through and it is Hobbled.
  it("a reply's odds say the Hobbled comes on a critical, not on a plain hit", () => {
    const facts = skeletonAttacksHound();
    expect(facts.text).toMatch(
      /\n-# Hamstring Bite: \d+% to hit[^\n]*· 0 wounds a hit, 10 a critical \(immune −5 pierce\) · then Hobbled on a critical · a critical drops SK\./,
    );
    const bite = facts.buttons.find((b) => b.label.startsWith('Reply: Hamstring Bite'))!;
    expect(bite.label).not.toMatch(/then Hobbled(?! on a crit)/);
  });

  it('a target suggestion says it too, and a target already Hobbled is said to be', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'wh', card: 'valor-war-hound', player: 'p1', at: 'J10' },
        { id: 'sk', card: 'havoc-skeleton', player: 'p2', at: 'J11' },
      ],
    });
    // The name gives the words when they fit Discord's 100 characters (they do not here), never a bare "then Hobbled".
    expect(oddsHead(game, 'wh', 'bite', 'sk')!.statuses).toBe('then Hobbled on a crit');
    const sk = targetChoices(game, 'p1', 'wh', 'bite', '').find((c) => c.value === 'sk')!;
    expect(sk.name).not.toMatch(/then Hobbled(?! on a crit)/);
    const hobbled = {
      ...game,
      units: {
        ...game.units,
        sk: { ...game.units.sk!, statuses: [{ status: 'hobbled' as const, recover: 'agility' as const, modifier: 0, source: 'wh', asterisk: false }] },
      },
    };
    expect(oddsHead(hobbled, 'wh', 'bite', 'sk')!.statuses).toBe('no Hobbled: SK is already Hobbled');
  });
});

describe('the reply prompt', () => {
  it('R22, issue 26: a reply button whose hit wounds nothing says so on the button, not only in the text', () => {
    const bite = skeletonAttacksHound().buttons.find((b) => b.label.startsWith('Reply: Hamstring Bite'));
    expect(bite?.label).toMatch(/^Reply: Hamstring Bite · \d+% to hit · 0 wounds, 10 on a crit · spends react token$/);
    expect(bite!.label.length).toBeLessThanOrEqual(80);
  });

  it('R20, issue 26: the odds count a glancing 13 among the hits, and the prompt and button say so; with the option off, neither does', () => {
    const s = run(start(), { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const facts = replyFacts(s, prompt);
    expect(facts.text).toContain('5 a glancing blow (a natural 13: 5%)');
    expect(facts.buttons[0]!.label).toMatch(/to hit \(incl\. 5% (glancing|harmless glance)\)/);
    expect(facts.buttons[0]!.label.length).toBeLessThanOrEqual(80);
    const off = replyFacts({ ...s, options: { ...s.options, glancingBlow: false } }, prompt);
    expect(off.text).not.toContain('glancing');
    expect(off.buttons[0]!.label).not.toContain('glancing');
  });

  it('names the incoming attack with its odds, and each reply its chance and its react token', () => {
    const s = run(start(), { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const facts = replyFacts(s, prompt);
    expect(facts.text).toMatch(
      /\*\*KN \(Knight\)\*\* declared \*\*Longsword\*\* against \*\*GH \(Ghoul\)\*\*: \d+% to hit, \d+% critical; 10 wounds a hit, 20 a critical, 5 a glancing blow \(a natural 13: 5%\); a critical drops GH\./,
    );
    // Each reply's own odds and wounds against the attacker, after immunity and vulnerability.
    expect(facts.text).toMatch(
      /\n-# Grave Claws: \d+% to hit, \d+% critical · 5 wounds a hit, 15 a critical, 0 a glancing blow \(a natural 13: 5%\) · then Hobbled \(not on a glancing blow\)\.$/,
    );
    expect(facts.text).toMatch(/A reply spends one of GH \(Ghoul\)'s react tokens \(it has 1\), and one more if its attack costs one/);
    // Grave Claws' glancing blow deals 0 wounds: the button says so, not a harmless blow counted as a hit (playtest round 14).
    expect(facts.buttons[0]!.label).toMatch(/^Reply: Grave Claws · \d+% to hit \(incl\. 5% harmless glance\) · spends react token$/);
    expect(facts.buttons[0]!.label.length).toBeLessThanOrEqual(80);
    const post = gamePromptPost('m1', 3, s, s.prompt!, name);
    expect(post.content).toContain('<@p2>');
    expect(post.content).not.toMatch(/R\d|§/);
  });

  it('R3: a reply says when its hit drops the attacker whatever its owner splits: on the button and in the odds (playtest round 16)', () => {
    const game = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10', vigor: 0, injuries: ['mobility', 'defensive', 'defensive'] },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const s = run(game, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    if (s.prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${s.prompt?.kind}`);
    // Grave Claws deals 5 a hit: the Knight's last box (Mortal) with no Vigor to avoid it. Its glancing blow deals none.
    const facts = replyFacts(s, s.prompt);
    expect(facts.text).toMatch(/\n-# Grave Claws: [^\n]* · a hit drops KN, not a glancing one\.$/);
    // A glancing blow deals nothing: on the button, where room is short, "unless glancing" (playtest round 21).
    expect(facts.buttons[0]!.label).toContain(' · drops KN unless glancing · spends react token');
    expect(facts.buttons[0]!.label.length).toBeLessThanOrEqual(80);
    // Without glancing blows every hit deals 5: any hit drops it.
    const off = { ...s, options: { ...s.options, glancingBlow: false } };
    expect(replyFacts(off, s.prompt).buttons[0]!.label).toContain(' · any hit drops KN · ');
    // With 10 Vigor only a critical's 15 is sure to drop it, and the odds say that instead.
    const fresh = { ...s, units: { ...s.units, kn: { ...s.units.kn!, vigor: 10 } } };
    expect(replyFacts(fresh, s.prompt).text).toMatch(/\n-# Grave Claws: [^\n]* · a critical drops KN\.$/);
    expect(replyFacts(fresh, s.prompt).text).not.toMatch(/(a|any) hit drops KN/);
  });

  it('R3: an attack suggestion says a plain hit drops the target (playtest round 16)', () => {
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11', vigor: 0, injuries: ['mobility', 'defensive'] },
      ],
    });
    const choices = targetChoices(game, 'p1', 'kn', 'longsword', '');
    const gh = choices.find((c) => String(c.value).startsWith('gh'));
    expect(gh?.name).toMatch(/^GH ⚠ may reply · \d+% hit, 10 wounds, drops it · /);
  });

  it('R3, R20: a hit that drops the target only when it does not glance says so (playtest round 21)', () => {
    // The Ghoul's last box and 5 Vigor: a Longsword hit (10) drops it, a glancing blow (5) does not.
    const game = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11', injuries: ['mobility', 'defensive'] },
      ],
    });
    const gh = targetChoices(game, 'p1', 'kn', 'longsword', '').find((c) => String(c.value).startsWith('gh'));
    expect(gh?.name).toMatch(/^GH ⚠ may reply · \d+% hit, 10 wounds, drops it unless glancing · /);
    expect(oddsHead(game, 'kn', 'longsword', 'gh')?.drops).toBe('a hit drops GH, not a glancing one');
  });

  it('R17, R25: a unit next to the attacker that cannot see it is said to not see it, not to be out of reach (playtest round 17)', () => {
    const game = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'wh', card: 'valor-war-hound', player: 'p1', at: 'I10' },
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'I9' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J10' },
        { id: 'ow', card: 'havoc-orc-warboss', player: 'p2', at: 'J9' },
      ],
    });
    const attack = game.cards[game.units.wh!.card]!.attacks[0]!.id;
    const s = run(game, { act: 'attack', unit: 'wh', attack, target: 'gh' });
    if (s.prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${s.prompt?.kind}`);
    const text = replyFacts(s, s.prompt).text;
    expect(text).toMatch(/\*\*OW \(Orc Warboss\)\*\* cannot reply: OW cannot see WH: [^.]*KN[^.]*GH[^.]*\./);
    expect(text).not.toContain('can reach');
  });

  it("R44: a reply's small print says it loses an ally's aura if the attack drops the aura's bearer (playtest round 17)", () => {
    const game = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'gh', card: 'havoc-ghoul', player: 'p1', at: 'J10' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'J11', mod: 'valor-banner' },
        { id: 'wh', card: 'valor-war-hound', player: 'p2', at: 'K10' },
      ],
    });
    const s = run(game, { act: 'attack', unit: 'gh', attack: game.cards[game.units.gh!.card]!.attacks[0]!.id, target: 'kn' });
    if (s.prompt?.kind !== 'reply' || s.prompt.unit !== 'wh') throw new Error(`the War Hound's reply prompt, not ${s.prompt?.kind} for ${s.prompt?.unit}`);
    expect(replyFacts(s, s.prompt).text).toContain("if it drops **KN (Knight)**, the reply loses KN's Banner of the Watch");
  });

  it('R10: a wound prompt says when the recurring wounds to come will drop the unit, on the choices they follow (playtest round 19)', () => {
    const game = table({
      map: 'barrow-hill',
      dice: [15, 15, 15],
      units: [
        { id: 'ci', card: 'havoc-carrion-imp', player: 'p1', at: 'J10' },
        { id: 'wh', card: 'valor-war-hound', player: 'p2', at: 'J11', vigor: 0 },
      ],
    });
    const noReply = { ...game, units: { ...game.units, wh: { ...game.units.wh!, tokens: { ...game.units.wh!.tokens, react: 0 } } } };
    const s = run(noReply, { act: 'attack', unit: 'ci', attack: 'sting', target: 'wh' });
    if (s.prompt?.kind !== 'wounds') throw new Error(`a wounds prompt, not ${s.prompt?.kind}`);
    const facts = woundFacts(s, s.prompt, name);
    // No Vigor and two boxes: 5 wounds now mark one, and the sting's 5 recurring wounds then mark the last.
    expect(facts.text).toContain(
      '⚠️ It takes **5 recurring wounds** at the end of each of its turns: whatever you choose, they drop it at the end of its next turn.',
    );
    const marked = facts.options.filter((opt) => opt.description!.startsWith('⚠ recurring wounds drop it · '));
    expect(marked.length).toBeGreaterThan(0);
    for (const opt of facts.options) expect(opt.description!.length).toBeLessThanOrEqual(100);
    // With Vigor to spare the same sting leaves room for them, and nothing is said.
    const rested = { ...s, units: { ...s.units, wh: { ...s.units.wh!, vigor: 5 } } };
    expect(woundFacts(rested, s.prompt, name).text).not.toContain('recurring wounds** at the end');
  });

  it('R26: says which other unit may reply to the same attack, and in which order', () => {
    const two = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gh2', card: 'havoc-ghoul', player: 'p2', at: 'K10' },
      ],
    });
    const s = run(two, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const first = prompt.unit;
    const second = first === 'gh' ? 'gh2' : 'gh';
    const label2 = second === 'gh' ? 'GH (Ghoul)' : 'GH2 (Ghoul)';
    expect(replyFacts(s, prompt).text).toContain(`**${label2}** may also reply after you.`);
    const s2 = run(s, { decide: { unit: first, reply: prompt.options.attacks[0]! } });
    if (s2.prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${s2.prompt?.kind}`);
    expect(s2.prompt.unit).toBe(second);
    const text = replyFacts(s2, s2.prompt).text;
    expect(text).not.toContain('may also reply');
    expect(text).toContain('already declared a reply, which resolves before yours.');
    // The replier that is not the target is told its odds may move too: a drop can end a flank.
    if (second === 'gh2') expect(text).toContain('-# The odds below are as things stand now. The attack resolves before the reply.');
    // One replier alone hears of no other.
    const alone = run(start(), { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    if (alone.prompt?.kind !== 'reply') throw new Error('a reply prompt');
    expect(replyFacts(alone, alone.prompt).text).not.toMatch(/may also reply|already declared/);
  });

  it('R26: two replies declared before this one are said as one each (playtest round 15)', () => {
    const three = table({
      map: 'barrow-hill',
      dice: [10, 19, 19, 19],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gh2', card: 'havoc-ghoul', player: 'p2', at: 'K10' },
        { id: 'gh3', card: 'havoc-ghoul', player: 'p2', at: 'I10' },
      ],
    });
    let s = run(three, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    for (let i = 0; i < 2; i++) {
      const p = s.prompt;
      if (p?.kind !== 'reply') throw new Error(`a reply prompt, not ${p?.kind}`);
      s = run(s, { decide: { unit: p.unit, reply: p.options.attacks[0]! } });
    }
    if (s.prompt?.kind !== 'reply') throw new Error(`a third reply prompt, not ${s.prompt?.kind}`);
    expect(replyFacts(s, s.prompt).text).toMatch(
      /\*\*GH\d? \(Ghoul\)\*\* and \*\*GH\d? \(Ghoul\)\*\* each already declared a reply; theirs resolve before yours\./,
    );
  });

  it("R25, R26: names the player's other units next to the attacker that cannot reply, and the engine's reason (playtest)", () => {
    // A playtester was offered a reply with the War Hound only; nothing said the Knight beside the enemy had no token.
    const three = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gh2', card: 'havoc-ghoul', player: 'p2', at: 'K10', tokens: { react: 0 } },
        { id: 'gh3', card: 'havoc-ghoul', player: 'p2', at: 'I10', statuses: [{ status: 'stunned' }] },
      ],
    });
    const s = run(three, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    if (s.prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${s.prompt?.kind}`);
    expect(s.prompt.unit).toBe('gh');
    const text = replyFacts(s, s.prompt).text;
    expect(text).toContain('**GH2 (Ghoul)** cannot reply: no react token left (a rest act takes one back).');
    expect(text).toContain('**GH3 (Ghoul)** cannot reply: it is Stunned.');
    expect(text).not.toMatch(/GH \(Ghoul\)\*\* cannot reply|may also reply/);
    expect(text).not.toMatch(/§|\bR\d/);
    // The prompted unit alone, with nobody beside the attacker that cannot reply, hears of none.
    const alone = run(start(), { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    if (alone.prompt?.kind !== 'reply') throw new Error('a reply prompt');
    expect(replyFacts(alone, alone.prompt).text).not.toContain('cannot reply');
  });

  it('R63: a reply whose attack costs a react token spends two, and the prompt does not say one', () => {
    const s = run(
      table({
        map: 'barrow-hill',
        dice: [10, 19, 19],
        units: [
          { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
          { id: 'ow', card: 'havoc-orc-warboss', player: 'p2', at: 'J11' },
        ],
      }),
      { act: 'attack', unit: 'kn', attack: 'longsword', target: 'ow' },
    );
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const facts = replyFacts(s, prompt);
    const roar = facts.buttons.find((b) => b.label.startsWith('Reply: Goading Roar'));
    expect(roar?.label).toMatch(/spends 2 react tokens$/);
    expect(facts.text).not.toMatch(/spends \S+'s react token \(/);
    expect(facts.text).toMatch(/one more if its attack costs one \(each button says what it spends\)/);
  });

  it("names what moves a reply's odds from the card's bonus, as the attack preview does (R20, injuries −1 a box)", () => {
    const hurt = start();
    const s0: GameState = { ...hurt, units: { ...hurt.units, gh: { ...hurt.units.gh!, injuries: ['mobility'] } } };
    const s = run(s0, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const text = replyFacts(s, prompt).text;
    // The Ghoul's Grave Claws bonus and its marked box, summing to the modifier of the roll it would make.
    expect(text).toMatch(/\n-# Grave Claws: \d+% to hit \(d20 [+−] \d+ against \d+: Grave Claws [+−]\d+, GH's injuries −1\), \d+% critical · /);
  });

  it("names the aura that moves a reply's odds, and whose it is (§1 Aura)", () => {
    const plain = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gh2', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const ghoul = plain.cards['havoc-ghoul']!;
    const banner = { trait: 'aura' as const, name: 'Grave Banner', range: 3, who: 'allies' as const, modify: { attack: 1 } };
    const s = run(
      { ...plain, cards: { ...plain.cards, 'havoc-ghoul': { ...ghoul, traits: [...ghoul.traits, banner] } } },
      { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' },
    );
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const text = replyFacts(s, prompt).text;
    expect(text).toMatch(/\n-# Grave Claws: \d+% to hit \(d20 [+−] \d+ against \d+: Grave Claws [+−]\d+, GH2's Grave Banner \+1\), \d+% critical · /);
    expect(text).not.toMatch(/auras \+1/);
  });

  it('says a reply to an attack resolves after it (R26), not first', () => {
    const s = run(start(), { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const text = replyFacts(s, prompt).text;
    expect(text).not.toMatch(/first/);
    expect(text).toContain('the reply resolves **after** Longsword, if **GH (Ghoul)** is still standing.');
    // The odds shown are today's: the attack's injuries, which land first, would lower them.
    expect(text).toContain(
      "-# The odds below are as things stand now. The attack resolves before the reply: each injury box it marks on GH (Ghoul) is −1 to the reply's roll.",
    );
  });

  it('R29: says in plain words what a flank is and what the attack can do to it, only when the attacker is flanked (issue 26)', () => {
    const flanking = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'I10' },
        { id: 'gh2', card: 'havoc-ghoul', player: 'p2', at: 'K10' },
      ],
    });
    const s = run(flanking, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    if (s.prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${s.prompt?.kind}`);
    const text = replyFacts(s, s.prompt).text;
    expect(text).toMatch(
      /\*\*KN \([^)]+\)\*\* is flanked now \(two of its enemies on opposite sides of it: \+2 to hit it\), and if the attack drops either of them, that \+2 is lost\./,
    );
    expect(text).not.toContain('a unit that made it');
  });

  it("R23, issue 26: a charge's attack shows its odds, the charge's +5 said as part of the wounds (not on top of them), like any other attack", () => {
    const charged = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J13' },
      ],
    });
    const s = run(charged, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh', charge: true });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    expect(replyFacts(s, prompt).text).toMatch(
      // The charge's +2 to hit is named with the odds, as the attack preview names it.
      /declared \*\*Longsword\*\* against \*\*GH \(Ghoul\)\*\*: \d+% to hit \(d20 \+ \d+ against \d+: Longsword \+\d+, charge \+2\), \d+% critical; 15 wounds a hit \(5 of them the charge's\), 25 a critical, 10 a glancing blow \(a natural 13: 5%\); a critical drops GH\./,
    );
  });

  /** A Priest's Dawnburst centred on `origin`, GH next to it and GH2 on `gh2At`: GH's reply prompt and its words. */
  function burstReply(gh2At: string, origin: string) {
    const burst = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'pr', card: 'valor-priest', player: 'p1', at: 'J10', tokens: { blue: 1 } },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gh2', card: 'havoc-ghoul', player: 'p2', at: gh2At },
      ],
    });
    const s = run(burst, { act: 'attack', unit: 'pr', attack: 'dawnburst', origin });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    return { prompt, text: replyFacts(s, prompt).text };
  }

  it("R24: a burst's reply prompt gives the prompted unit's odds and wounds, as an attack's does", () => {
    const { prompt, text } = burstReply('J12', 'J12');
    expect(prompt.unit).toBe('gh');
    expect(text).toMatch(
      /\*\*PR \(Priest of the Dawn\)\*\* declared \*\*Dawnburst\*\*, a burst centred on J12: against \*\*GH \(Ghoul\)\*\*, \d+% to hit \(d20 \+ \d+ against GH1's Wits \d+\), \d+% critical; 5 wounds a hit, 15 a critical, 0 a glancing blow \(a natural 13: 5%\); it also catches \*\*GH2 \(Ghoul\)\*\* \(\d+% to hit\)\./,
    );
    expect(text).toContain('the reply resolves **after** Dawnburst, if **GH (Ghoul)** is still standing.');
  });

  it('R24: a burst that does not catch the prompted unit says so, and the reply is not lost to it', () => {
    const { text } = burstReply('J14', 'J15');
    expect(text).toMatch(/a burst centred on J15: it does not catch \*\*GH \(Ghoul\)\*\*; it catches \*\*GH2 \(Ghoul\)\*\* \(\d+% to hit\)\./);
    expect(text).toContain('the reply resolves **after** Dawnburst.');
  });

  it('says a reply to a slow attack resolves before it (§4.5)', () => {
    const plain = start();
    const knight = plain.cards['valor-knight']!;
    const slow = { ...knight, attacks: knight.attacks.map((a) => (a.id === 'longsword' ? { ...a, slow: true } : a)) };
    const s = run({ ...plain, cards: { ...plain.cards, 'valor-knight': slow } }, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    expect(replyFacts(s, prompt).text).toContain('Longsword is slow, so the reply resolves **before** it.');
  });
});

describe('the wound prompt', () => {
  it('shows for each choice the Vigor left, the boxes, a drop, the VP handed over and the Mortal risk', () => {
    const s = run(start(), { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' }, { decide: { unit: 'gh', reply: null } });
    const prompt = s.prompt;
    if (prompt?.kind !== 'wounds') throw new Error(`a wounds prompt, not ${prompt?.kind}`);
    const outcomes = woundOutcomes(s);
    expect(outcomes.length).toBeGreaterThan(1);
    const mortal = outcomes.find((o) => o.marked.includes('mortal') && !o.drops)!;
    expect(mortal.vp).toEqual({ player: 'p1', points: s.cards['havoc-ghoul']!.cost });
    expect(mortal.mortalRisk).toBeCloseTo(0.05);
    const spared = outcomes.find((o) => !o.marked.includes('mortal'))!;
    expect(spared.vp).toBeNull();
    expect(spared.mortalRisk).toBe(0);
    const facts = woundFacts(s, prompt, name);
    expect(facts.text).toMatch(/\*\*GH \(Ghoul\)\*\* takes \*\*\d+ cut\*\* wounds from KN \(Knight\)'s Longsword\./);
    expect(facts.text).toMatch(/Marking \*\*mortal\*\* gives Alice \*\*\d+ VP\*\* at once/);
    // What marking each box does, so the menu's choices say what they lead to.
    expect(facts.text).toContain(
      'Every injury box marked is −1 to its rolls (+1 to a recovery roll, which must come in low); **mobility** also −1 Move (and no flying); **defensive** also −2 to its defences.',
    );
    const withMortal = facts.options[outcomes.indexOf(mortal)]!;
    // §6 Exhausted: a choice leaving no Vigor says what that means (playtest round 17).
    expect(withMortal.description).toMatch(/^(Vigor \d+|Vigor 0 \(Exhausted\)|Exhausted) · \d+ injury box(es)? free · Alice \+\d+ VP now · 5% a turn to drop$/);
    // Every choice that empties Vigor says so, one marking Mortal too, in fewer words there (playtest round 18).
    const emptied = outcomes.flatMap((o, i) => (o.vigor === 0 && !o.drops ? [facts.options[i]!.description] : []));
    expect(emptied.length).toBeGreaterThan(1);
    for (const d of emptied) expect(d).toMatch(/^(Vigor 0 \(Exhausted\)|Exhausted) · /);
    expect(emptied.some((d) => d!.startsWith('Exhausted · ') && d!.includes('VP now'))).toBe(true);
    expect(facts.text).toContain('A choice that leaves **Vigor 0** makes it **Exhausted**: it cannot charge');
    // Short enough to show whole in a menu (a playtester saw "(Mortal ro…" cut off at desktop width).
    for (const o of facts.options) expect(o.description!.length).toBeLessThanOrEqual(72);
    expect(facts.options[0]!.label).toMatch(/\(default\)$/);
    // What the mark means is said once (playtest round 15); a timeout takes the engine's default split, the first.
    expect(facts.text).toContain('-# The choice marked (default) is taken if nobody chooses before the time runs out.');
    // A count of boxes always says they are injury boxes: a bare "1 box left" reads as nothing a player knows.
    for (const o of facts.options) expect(o.description).not.toMatch(/\d+ box/);
    expect(facts.text).not.toMatch(/\d+ unmarked box|marks a box/);
    expect(facts.text).toMatch(/It has \d+ Vigor and \d+ unmarked injury box(es)? \(/);
  });

  it('R3: with mortal the last box, the prompt says marking it drops the unit, as its menu does (playtest round 20)', () => {
    // The Ghoul claws the Knight, whose Vigor could take the wounds; its mortal box is its last.
    const base = table({
      map: 'barrow-hill',
      dice: [15, 19, 19],
      units: [
        { id: 'gh', card: 'havoc-ghoul', player: 'p1', at: 'J10' },
        { id: 'kn', card: 'valor-knight', player: 'p2', at: 'J11', injuries: ['mobility', 'defensive', 'defensive'] },
      ],
    });
    const s = run(base, { act: 'attack', unit: 'gh', attack: 'claw', target: 'kn' }, { decide: { unit: 'kn', reply: null } });
    const prompt = s.prompt;
    if (prompt?.kind !== 'wounds') throw new Error(`a wounds prompt, not ${prompt?.kind}`);
    expect(woundFacts(s, prompt, name).text).toMatch(/Marking \*\*mortal\*\* gives Alice \*\*\d+ VP\*\* at once and drops the unit\./);
  });

  it('says which choice ends the match: the VP it hands over reach the target (R2)', () => {
    const base = start();
    const cost = base.cards['havoc-ghoul']!.cost;
    const near = { ...base, score: { ...base.score, p1: base.options.vpTarget - cost } };
    const s = run(near, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' }, { decide: { unit: 'gh', reply: null } });
    const prompt = s.prompt;
    if (prompt?.kind !== 'wounds') throw new Error(`a wounds prompt, not ${prompt?.kind}`);
    const outcomes = woundOutcomes(s);
    const facts = woundFacts(s, prompt, name);
    const mortal = outcomes.findIndex((o) => o.marked.includes('mortal'));
    expect(outcomes[mortal]!.wins).toBe('p1');
    expect(facts.options[mortal]!.description).toMatch(/^Alice wins the match · /);
    const spared = outcomes.findIndex((o) => !o.marked.includes('mortal') && !o.drops);
    expect(outcomes[spared]!.wins).toBeNull();
    expect(facts.options[spared]!.description).not.toMatch(/wins/);
    expect(facts.text).toContain('⚠️ Some choices below (each says so) end the match at once: **Alice wins**.');
    for (const o of facts.options) expect(o.description!.length).toBeLessThanOrEqual(100);
    // One VP short of the target, nothing ends the match.
    const far = { ...base, score: { ...base.score, p1: base.options.vpTarget - cost - 1 } };
    const t = run(far, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' }, { decide: { unit: 'gh', reply: null } });
    if (t.prompt?.kind !== 'wounds') throw new Error('a wounds prompt');
    expect(woundOutcomes(t).every((o) => o.wins === null)).toBe(true);
    expect(woundFacts(t, t.prompt, name).text).not.toContain('end the match');
  });

  it("says the attack's status comes whatever split is chosen", () => {
    const plain = start();
    const knight = plain.cards['valor-knight']!;
    const dazing = {
      ...knight,
      attacks: knight.attacks.map((a) => (a.id === 'longsword' ? { ...a, effects: [...a.effects, { status: 'hobbled' as const }] } : a)),
    };
    const s = run(
      { ...plain, cards: { ...plain.cards, 'valor-knight': dazing } },
      { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' },
      { decide: { unit: 'gh', reply: null } },
    );
    const prompt = s.prompt;
    if (prompt?.kind !== 'wounds') throw new Error(`a wounds prompt, not ${prompt?.kind}`);
    expect(woundFacts(s, prompt, name).text).toContain(
      'Whatever you choose, the status Longsword inflicts still comes: hobbled (+1 movement for every square).',
    );
    // A status the target already has does not take hold again: the prompt does not promise it.
    const hobbled = { status: 'hobbled' as const, recover: null, modifier: 0, source: null, asterisk: false };
    const already = { ...s, units: { ...s.units, gh: { ...s.units.gh!, statuses: [hobbled] } } };
    expect(woundFacts(already, prompt, name).text).not.toContain('Whatever you choose');
    const bare = run(start(), { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' }, { decide: { unit: 'gh', reply: null } });
    if (bare.prompt?.kind !== 'wounds') throw new Error('a wounds prompt');
    expect(woundFacts(bare, bare.prompt, name).text).not.toContain('Whatever you choose');
  });

  it('is never a menu of one: when every split leads to the same (here a drop), the wounds are taken without asking (§4.30)', () => {
    // 10 wounds, 5 Vigor and one box left: spend 5 Vigor or not, the last box is marked and GH drops.
    const hurt = start();
    const gh = { ...hurt.units.gh!, vigor: 5, injuries: ['mobility', 'defensive'] as const };
    const s = run(
      { ...hurt, units: { ...hurt.units, gh: { ...gh, injuries: [...gh.injuries] } } },
      { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' },
      {
        decide: { unit: 'gh', reply: null },
      },
    );
    expect(s.prompt?.kind).not.toBe('wounds');
    expect(s.units.gh!.dropped).toBe(true);
  });
});

describe('the order prompt (R7)', () => {
  it('says before the choice that both players take turns in every phase, only who goes first alternates', () => {
    const s = start();
    const asked: GameState = { ...s, prompt: { kind: 'order', player: 'p1', options: ['p1', 'p2'] } };
    const post = gamePromptPost('m1', 3, asked, asked.prompt!, name);
    expect(post.content).toContain('Both of you take turns in every phase');
    expect(post.content).toContain('alternating');
    expect(post.content).not.toMatch(/the next in phase 2/);
  });
});

describe('a reply that deals no wounds (R26)', () => {
  it('says what it does instead, in the odds and on its button: "no wounds, Recoil 2"', () => {
    const s = run(
      table({
        map: 'barrow-hill',
        units: [
          { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
          { id: 'gd', card: 'valor-guard', player: 'p2', at: 'J11' },
        ],
      }),
      { act: 'attack', unit: 'kn', attack: 'longsword', target: 'gd' },
    );
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const facts = replyFacts(s, prompt);
    expect(facts.text).toMatch(/-# Shield Bash: \d+% to hit[^\n]* · no wounds, Recoil 2\./);
    const bash = facts.buttons.find((b) => b.label.startsWith('Reply: Shield Bash'));
    expect(bash?.label).toMatch(/^Reply: Shield Bash · \d+% to hit · no wounds, Recoil 2 · spends react token$/);
    expect(bash!.label.length).toBeLessThanOrEqual(80);
    // An attack that wounds says its wounds, not this.
    expect(facts.text).not.toMatch(/Mace[^\n]*no wounds/);
  });
});

describe('an attack that gives a status says so (issue 26)', () => {
  // The Zombie's Grasping Hands: 5 crush THEN Pinned (R21).
  const game = table({
    map: 'barrow-hill',
    units: [
      { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
      { id: 'zo', card: 'havoc-zombie', player: 'p2', at: 'J11' },
    ],
  });

  it('the reply prompt and its button say a hit then pins', () => {
    const s = run(game, { act: 'attack', unit: 'kn', attack: 'longsword', target: 'zo' });
    const prompt = s.prompt;
    if (prompt?.kind !== 'reply') throw new Error(`a reply prompt, not ${prompt?.kind}`);
    const facts = replyFacts(s, prompt);
    expect(facts.text).toMatch(/\n-# Grasping Hands: \d+% to hit, \d+% critical · .* · then Pinned \(not on a glancing blow\)\.$/);
    // The button keeps its glancing note first; the status goes on it only where both fit 80 characters.
    const grasp = facts.buttons.find((b) => b.label.startsWith('Reply: Grasping Hands'));
    expect(grasp!.label.length).toBeLessThanOrEqual(80);
  });

  it("the attacker's target suggestion says it too, after the odds", () => {
    const zombie = { ...game, turn: { ...game.turn!, player: 'p2' } };
    const [kn] = targetChoices(zombie, 'p2', 'zo', 'grasp', '');
    expect(kn!.name).toMatch(/^KN( ⚠ may reply ·)? \d+% hit, .* · \d+% crit.*then Pinned/);
  });
});

describe('the order prompt (R6)', () => {
  const withOrder = (greater: boolean): GameState => {
    const s = start();
    return { ...s, prompt: { kind: 'order', player: 'p1', options: ['p1', 'p2'] }, resume: [{ k: 'order', ap: 'p1', greater }, ...s.resume] };
  };

  it('says before the choice that greater advantage gives an early turn whatever the order (playtest round 21)', () => {
    const s = withOrder(true);
    expect(gamePromptPost('m1', 3, s, s.prompt!, name).content).toContain(
      "You won it by 10 or more (greater advantage): whatever the order, you also take one unit's turn early, before phase 1.",
    );
    const plain = withOrder(false);
    expect(gamePromptPost('m1', 3, plain, plain.prompt!, name).content).not.toContain('greater advantage');
  });
});

describe('a wound choice that marks a trait box (§4.30)', () => {
  it('says on the choice that the unit loses that trait (playtest round 21)', () => {
    const base = table({
      map: 'barrow-hill',
      dice: [15, 19, 19],
      units: [
        { id: 'gh', card: 'havoc-ghoul', player: 'p1', at: 'J10' },
        { id: 'pd', card: 'valor-priest', player: 'p2', at: 'J11', vigor: 0 },
      ],
    });
    const s = run(base, { act: 'attack', unit: 'gh', attack: 'claw', target: 'pd' }, { decide: { unit: 'pd', reply: null } });
    if (s.prompt?.kind !== 'wounds') throw new Error(`a wounds prompt, not ${s.prompt?.kind}`);
    const options = woundFacts(s, s.prompt, name).options;
    const marking = options.filter((o) => o.label.includes('the Mend Wounds box'));
    expect(marking.length).toBeGreaterThan(0);
    for (const o of marking) expect(o.description).toContain('loses Mend Wounds');
    for (const o of options.filter((x) => !x.label.includes('Mend Wounds'))) expect(o.description).not.toContain('loses');
  });
});
