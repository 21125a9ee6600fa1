/**
 * The whole match as a log: a golden text of a self-play game (every line of it, with round and turn
 * headers), the catch-up digest from a player's last act, and the digest told to a ping's reader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchLogText, GOLDEN_LOG } from './match-log-golden';
import { newGame, playGame } from '../../src/bench/selfplay';
import { content, play, table } from './states';
import { apply, type GameEvent } from '../../src/rulesets/sellsword/engine';
import { catchUpDigest, matchLog, sinceLastAct, withLogPointer } from '../../src/rulesets/sellsword/render';
import { THEN_ABOVE } from '../../src/rulesets/sellsword/render/catch-up';

describe('the match log', () => {
  it('reads a whole self-play game as its golden text (npx tsx scripts/log-golden-update.ts rewrites it)', () => {
    const golden = readFileSync(join(__dirname, 'golden', GOLDEN_LOG.file), 'utf8');
    expect(matchLogText()).toBe(golden);
  });

  it('never says "0 wounds" or blames a recurring status for an attack, and names every turn', () => {
    const text = matchLogText();
    expect(text).not.toMatch(/\b0 wounds\b/);
    expect(text).not.toMatch(/from a recurring status/);
    expect(text).toMatch(/^## Round 1$/m);
    expect(text).toMatch(/^### Alice: /m);
    expect(text).toMatch(/^### Bob: /m);
  });

  it('catches a player up from their last act: only what others did since', () => {
    const start = newGame(content, GOLDEN_LOG.map, GOLDEN_LOG.seed);
    const { events } = playGame(start, GOLDEN_LOG.seed, 400);
    const p1Ends = events.flatMap((e, i) => (e.type === 'turn-ended' && e.player === 'p1' ? [i] : []));
    const cut = p1Ends[1]! + 1;
    const upTo = events.slice(0, cut + 40);
    const from = sinceLastAct(start, upTo, 'p1');
    expect(from).toBeGreaterThanOrEqual(cut);
    const digest = matchLog(start, upTo.slice(from), { names: GOLDEN_LOG.names });
    expect(digest.length).toBeGreaterThan(0);
    const at = upTo.slice(0, from).reduce((s, e) => apply(s, e), start);
    const short = catchUpDigest(at, upTo.slice(from), 'p1', GOLDEN_LOG.names, 300);
    expect(short.length).toBeLessThanOrEqual(300);
    // The last sentences, when the same message already shows them above the digest, are not told again.
    const full = catchUpDigest(at, upTo.slice(from), 'p1', GOLDEN_LOG.names, 5000);
    const said = full.split(/(?<=\.) /);
    const last = said.at(-1)!;
    expect(last.startsWith('**')).toBe(false);
    const shownLast = `• ${last.replace(/^(\S+)/, '**$1**')}`;
    // And the digest says where they are, not seeming cut off before them (playtest round 17).
    expect(catchUpDigest(at, upTo.slice(from), 'p1', GOLDEN_LOG.names, 5000, shownLast)).toBe(`${said.slice(0, -1).join(' ')} ${THEN_ABOVE}`);
    // One in the middle is told all the same: left out, the sentences around it read wrong (a miss, then
    // a drop, the hit between them said above; playtest round 15).
    const middle = said[1]!;
    expect(catchUpDigest(at, upTo.slice(from), 'p1', GOLDEN_LOG.names, 5000, `• ${middle}`)).toBe(full);
  });

  it("cut short, still names every turn to come, in order: a run of the practice bot's turns is never hidden behind a count (playtest)", () => {
    const start = newGame(content, GOLDEN_LOG.map, GOLDEN_LOG.seed);
    const { events } = playGame(start, GOLDEN_LOG.seed, 400);
    const p1Ends = events.flatMap((e, i) => (e.type === 'turn-ended' && e.player === 'p1' ? [i] : []));
    const from = p1Ends[1]! + 1;
    const upTo = events.slice(0, from + 120);
    const at = upTo.slice(0, from).reduce((s, e) => apply(s, e), start);
    const full = catchUpDigest(at, upTo.slice(from), 'p1', GOLDEN_LOG.names, 50_000);
    const turns = full.match(/\b(?:Alice|Bob)'s turn: [^.]+\./g) ?? [];
    expect(turns.length).toBeGreaterThan(2);
    // Each turn (and round) starts a small-print line of its own, not one paragraph (playtest round 16).
    for (const t of turns.slice(1)) expect(full).toContain(`\n-# ${t}`);
    expect(full).not.toMatch(/[^#] (?:Alice|Bob)'s turn: /);
    const short = catchUpDigest(at, upTo.slice(from), 'p1', GOLDEN_LOG.names, 300);
    expect(short).toContain(' more, among them ');
    let after = -1;
    for (const t of turns) {
      const i = short.indexOf(t, after + 1);
      expect(i, t).toBeGreaterThan(after);
      after = i;
    }
  });

  it("keeps the log's order, a drop in bold where it happened, never moved first (issue 26)", () => {
    const start = table({
      map: 'barrow-hill',
      dice: [20, 20, 20, 20],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gn', card: 'havoc-gray-necromancer', player: 'p2', at: 'Q18' },
      ],
    });
    const { events } = play(start, [{ act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' }, { decide: { unit: 'gh', reply: null } }]);
    // Bob, who only answered, is told all of it: the attack, then the drop it caused.
    const digest = catchUpDigest(start, events, 'p2', GOLDEN_LOG.names, 5000);
    const drop = digest.indexOf('**GH was dropped by KN');
    expect(drop).toBeGreaterThan(0);
    expect(digest.indexOf('KN attacked GH')).toBeGreaterThanOrEqual(0);
    expect(digest.indexOf('KN attacked GH')).toBeLessThan(drop);
    // Cut short before it, the drop is still named after the count.
    const short = catchUpDigest(start, events, 'p2', GOLDEN_LOG.names, 60);
    expect(short).toMatch(/…and \d+ more, among them .*\*\*GH was dropped by KN.*\(`\/skirmish log since_last_act:True` has them all\)$/);
    // The ping adds where to read it all only when the digest does not say it already (issue 26: a
    // tester read the pointer twice in one line).
    expect(withLogPointer(short).match(/since_last_act:True/g)).toHaveLength(1);
    expect(withLogPointer(digest)).toBe(`${digest} (\`/skirmish log since_last_act:True\` has it all.)`);
  });

  it("starts after what the player's own act set off: their hit, score, drop and the reply it cancelled are not told back (issue 26)", () => {
    const start = table({
      map: 'barrow-hill',
      dice: [20, 20, 20, 20],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'pi', card: 'valor-pikeman', player: 'p1', at: 'H4' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
        { id: 'gn', card: 'havoc-gray-necromancer', player: 'p2', at: 'Q18' },
      ],
    });
    for (const reply of [null, 'claw']) {
      // Bob answers the reply prompt; the Knight's critical then drops the Ghoul (so a declared claw never lands).
      const { events } = play(start, [{ act: 'attack', unit: 'kn', attack: 'longsword', target: 'gh' }, { decide: { unit: 'gh', reply } }]);
      expect(events.some((e) => e.type === 'dropped')).toBe(true);
      const from = sinceLastAct(start, events, 'p1');
      const digest = catchUpDigest(events.slice(0, from).reduce(apply, start), events.slice(from), 'p1', GOLDEN_LOG.names, 5000);
      expect(digest, String(reply)).not.toMatch(/scored|dropped|did not happen|hit critically/);
      expect(from).toBe(events.length);
    }
  });

  it('never tells a declared reply beside its outcome in one digest: "will reply" reads as still to come', () => {
    const at = table({
      map: 'barrow-hill',
      dice: [10, 19, 19],
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'J10' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'J11' },
      ],
    });
    const rolled = { rolls: [3], modifier: 0, need: 15, hit: false, critical: false, glancing: false, notes: [] };
    const events: GameEvent[] = [
      { type: 'reply-declared', unit: 'gh', attack: 'claw', against: 'kn' },
      { type: 'attack-rolled', unit: 'kn', attack: 'longsword', target: 'gh', ...rolled },
      { type: 'attack-rolled', unit: 'gh', attack: 'claw', target: 'kn', reply: true, ...rolled },
    ];
    const digest = catchUpDigest(at, events, 'p1', GOLDEN_LOG.names, 5000);
    expect(digest).toContain('GH replied to KN with');
    expect(digest).not.toContain('will reply');
    // Declared and not yet made, it is told.
    expect(catchUpDigest(at, events.slice(0, 2), 'p1', GOLDEN_LOG.names, 5000)).toContain('GH will reply to KN with');
  });

  it('says why a unit acts in phase 0: the greater-advantage turn (R6)', () => {
    let seen = 0;
    for (const map of ['mill-crossing', 'burning-village', 'barrow-hill'])
      for (let seed = 1; seed <= 6 && seen === 0; seed++) {
        const start = newGame(content, map, seed);
        const { events } = playGame(start, seed);
        const greater = events.filter((e) => e.type === 'order-set' && e.greaterAdvantage).length;
        if (greater === 0) continue;
        seen += greater;
        const headers = matchLog(start, events, { names: GOLDEN_LOG.names }).filter((e) => e.kind === 'turn' && e.text.includes('greater-advantage turn'));
        expect(headers.length).toBe(greater);
        expect(headers[0]!.text).toMatch(/^\w+: \w+ \(.+\).*, greater-advantage turn \(won the tactics check by 10 or more\)$/);
      }
    expect(seen).toBeGreaterThan(0);
  });

  it('never puts a bracket inside a bracket, in any line of a few self-play games', () => {
    const nested = (line: string): boolean => {
      let depth = 0;
      for (const ch of line) {
        if (ch === '(' || ch === '[') depth++;
        else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
        if (depth > 1) return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const map of ['mill-crossing', 'burning-village', 'barrow-hill'])
      for (let seed = 1; seed <= 6; seed++) {
        const start = newGame(content, map, seed);
        const { events } = playGame(start, seed);
        found.push(...matchLog(start, events, { names: GOLDEN_LOG.names }).flatMap((e) => (nested(e.text) ? [e.text] : [])));
      }
    expect(found).toEqual([]);
  });
});
