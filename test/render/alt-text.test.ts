/**
 * Alt text: round, score, each unit's square and condition, the last turn in words, and what any
 * overlay shows; never over Discord's 1,024 characters.
 */
import { targetChoices } from '../../src/rulesets/sellsword/table';
import { describe, expect, it } from 'vitest';
import { altText, DISCORD_ALT_TEXT_LIMIT, describeMap, mapAltText } from '../../src/rulesets/sellsword/render/alt-text';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { crowdTable, lastTurnTable, meleeTable, passingTable, play, statusTable, table, yardTable } from './states';
import { header } from '../../src/rulesets/sellsword/render/alt-text';
import { apply } from '../../src/rulesets/sellsword/engine/events';
import { focusAltText, unitStripAlt } from '../../src/rulesets/sellsword/render/focus';
import { renderUnitStrip } from '../../src/rulesets/sellsword/render';

describe('alt text', () => {
  it("a turn's picture names the phase that turn was taken in, and the next one, not the next phase as its own", () => {
    const start = table({
      map: 'barrow-hill',
      units: [
        { id: 'kn', card: 'valor-knight', player: 'p1', at: 'H4' },
        { id: 'gh', card: 'havoc-ghoul', player: 'p2', at: 'Q18' },
        { id: 'zo', card: 'havoc-zombie', player: 'p2', at: 'R18' },
        { id: 'pi', card: 'valor-pikeman', player: 'p1', at: 'I4' },
      ],
    });
    // Phase 1 holds a turn of each side: Hrolf's, then Morga's.
    const first = play(start, [{ act: 'move', unit: 'kn', path: ['H5'] }, { end: 'kn' }]);
    const played = play(first.state, [{ act: 'move', unit: 'gh', path: ['Q17'] }, { end: 'gh' }]);
    // A turn's post shows the game as that turn's end left it, before the next phase starts.
    const events = played.events.slice(0, played.events.findIndex((e) => e.type === 'turn-ended') + 1);
    const state = events.reduce(apply, first.state);
    const shown = header(toMapView(state, { lastTurn: events, before: first.state, names: { p1: 'Hrolf', p2: 'Morga' } }));
    expect(shown).toContain('Barrow Hill, round 1, phase 1 over, phase 2 next.');
    // The same moment with no turn shown (/skirmish view) speaks of the coming turn's phase alone.
    expect(header(toMapView(state))).toContain('Barrow Hill, round 1, phase 2.');
  });

  it('says the round, the score, whose turn, the last turn and where every unit is', () => {
    const t = lastTurnTable();
    const text = altText(t.state, { lastTurn: t.events, before: t.before, names: { p1: 'Hrolf', p2: 'Morga' } });
    expect(text).toContain('Barrow Hill, round 1, phase 1.');
    expect(text).toContain('Hrolf (Valor) 8; Morga (Havoc) 0');
    expect(text).toContain('Morga to choose a unit.');
    // The last turn in its short form, whatever the length: the log posted with the picture has the sentences.
    expect(text).toContain(
      'Last turn (Hrolf): KC moved J10 to J13; KC charged SD; KC on SD: critical hit (a natural 20), 20 wounds; Hrolf +8 VP; SD dropped; KC on GH: missed; GH replied on KC: hit, 5 wounds; KC hobbled (+1 movement for every square).',
    );
    expect(text).toContain("Hrolf's units: KC (Knight-Captain) J15, Vigor 10 of 20, hobbled, has acted; PI (Pikeman) H4, Vigor 10 of 10.");
    expect(text).toContain("Morga's units: GH (Ghoul) K16, Vigor 5 of 5; SA (Skeletal Archer) Q18, Vigor 5 of 5; dropped SD.");
  });

  it("says a conceded player's units are off the table, not dropped (issue 26)", () => {
    const t = lastTurnTable();
    const conceded = apply(t.state, { type: 'conceded', player: 'p2' });
    // The picture of the concession: its turn's events from the state before it.
    const request = { names: { p1: 'Hrolf', p2: 'Morga' }, before: t.state, lastTurn: [{ type: 'conceded' as const, player: 'p2' }] };
    const text = altText(conceded, request);
    // SD was dropped in play (by KC's critical, Hrolf scoring its VP) before Morga conceded: it stays
    // dropped; only GH and SA, still standing, left the table with the concession.
    expect(text).toContain('Morga is out of the match; their units are off the table (GH, SA); dropped SD.');
    // The unit strip under a close-up says so too, not "Dropped: SD, GH, SA" nor SD off the table.
    expect(unitStripAlt(toMapView(conceded, request))).toMatch(/ Dropped: SD Shambling Dead\. Off the table \(conceded\): GH Ghoul, SA Skeletal Archer\.$/);
    // The result post's strip, drawn with the turn's events, says the same.
    expect(renderUnitStrip(conceded, request)!.alt).toMatch(/ Dropped: SD Shambling Dead\. Off the table \(conceded\): GH Ghoul, SA Skeletal Archer\.$/);
    // Titled truthfully: the standing units under "On the map", never all of them as "on the map" (playtest).
    expect(unitStripAlt(toMapView(conceded, request))).toMatch(/^Every unit, on the map and off it\. On the map: KC Knight-Captain /);
    expect(unitStripAlt(toMapView(conceded, request))).not.toMatch(/^Every unit on the map/);
    // And the panel's player line, over the map.
    const morga = toMapView(conceded, request).players.find((p) => p.id === 'p2')!;
    expect([morga.dropped, morga.offTable]).toEqual([['SD'], ['GH', 'SA']]);
    // The state alone does not tell them apart (the concession is not among a later picture's events):
    // every gone unit of the player who conceded is off the table then.
    const later = toMapView(conceded).players.find((p) => p.id === 'p2')!;
    expect([later.dropped, later.offTable]).toEqual([[], ['SD', 'GH', 'SA']]);
  });

  it('says a unit whose card has no Vigor has none, not "Vigor 0/0" (issue 26)', () => {
    const strip = unitStripAlt(toMapView(meleeTable().state));
    expect(strip).toMatch(/SW Skeleton Warrior no Vigor /);
    expect(strip).not.toContain('Vigor 0/0');
    // A status is set apart from the box count ("2 of 4 boxes free hobbled" read as one phrase).
    expect(strip).toMatch(/2 of 4 boxes free · [^;]*hobbled/);
  });

  it('says which units cannot reply, their react token spent, which the token shows too small for a phone (issue 26)', () => {
    const view = toMapView(meleeTable().state);
    const strip = unitStripAlt(view);
    // The ogre and a ghoul replied to the captain this turn; the knight did not.
    expect(strip).toMatch(/AO Armored Ogre Vigor 15\/20 4 of 4 boxes free · react token spent[;.]/);
    expect(strip).toMatch(/KN Knight Vigor 15\/15 4 of 4 boxes free[;.]/);
    const spent = view.units.filter((x) => x.at && x.tokens.react.max === 1 && x.tokens.react.left === 0);
    expect(spent.map((u) => u.label).sort()).toEqual(['AO', 'GH1']);
    for (const u of view.units.filter((x) => x.at)) expect(strip.includes(`${u.label} ${u.name} `) && true).toBe(true);
    expect(strip.match(/react token spent/g)).toHaveLength(spent.length);
  });

  it("says a player whose units all dropped in play has them dropped, not off the table as a concession's (issue 26)", () => {
    const t = lastTurnTable();
    let state = t.state;
    for (const u of Object.values(state.units)) if (u.player === 'p2' && !u.dropped) state = apply(state, { type: 'dropped', unit: u.id, by: null });
    state = apply(state, { type: 'player-out', player: 'p2' });
    const text = altText(state, { names: { p1: 'Hrolf', p2: 'Morga' } });
    expect(text).toContain("Morga is out of the match: all of Morga's units are dropped (SD, GH, SA).");
    expect(text).not.toContain('off the table');
  });

  it('describes the condition of hurt units: injuries, statuses, Big units, the active unit', () => {
    const text = describeMap(toMapView(statusTable().state));
    expect(text).toContain('AO (Armored Ogre) C13 (2x2), Vigor 5 of 20, injured (mobility, mortal), pinned, shaken, hobbled, stunned');
    expect(text).toContain('KC (Knight-Captain) J14, Vigor 20 of 20, active');
    expect(text).toContain('PD (Priest of the Dawn) M13, Vigor 10 of 10, injured (the Mend Wounds box)');
    // A recurring status says what it deals, so two of them read apart (a playtest saw "recurring, recurring").
    expect(text).toMatch(/CI \(Carrion Imp\) E15, [^;]*invisible, recurring 5 toxic/);
  });

  it('says what the overlays show', () => {
    const state = yardTable();
    expect(altText(state, { reach: { unit: 'hero' } })).toMatch(/Shaded: \d+ squares KN can move to, costing up to 5\. Can charge SW\./);
    expect(altText(state, { sight: { unit: 'bow' } })).toContain(
      'Sight from LO: SW clear at range 6; GH invisible at range 5; OR out of sight; SD cover at range 9.',
    );
    expect(altText(state, { preview: { unit: 'bow', attack: 'longbow', target: 'cover' } })).toContain(
      'Preview: LO attacking SD with Longbow, 75% to hit, 25% critical, 5 wounds if it hits, 6.0 on average (Longbow +6, cover −2).',
    );
    // Issue 26: the preview's wounds a hit deals are the target suggestion's, the average labelled as one;
    // both after SD's toughness (the first 5 of the round, §4.7), as the log will say them.
    const suggested = targetChoices(state, state.turn!.player, 'bow', 'longbow', '').find((c) => c.value === 'cover')!.name;
    expect(suggested).toMatch(/^COVER \d+% hit, 5 wounds · \d+% crit, 15 on a crit · cover −2 · toughness −5 · /);
  });

  it('fits in 1,024 characters for sixteen units and a last turn, naming every unit and its square', () => {
    const t = crowdTable();
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    const text = mapAltText(view);
    expect(text.length).toBeLessThanOrEqual(DISCORD_ALT_TEXT_LIMIT);
    expect(text).toMatch(/^Burning Village, round \d+/);
    expect(text).toContain('Last turn');
    for (const u of view.units.filter((x) => x.at)) expect(text).toMatch(new RegExp(`${u.label}( \\([^)]*\\))? ${u.at!.name}`));
  });

  it('shortens rather than cuts when the full text is too long', () => {
    const t = crowdTable();
    const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
    const full = describeMap(view, 2);
    const short = mapAltText(view, 700);
    expect(full.length).toBeGreaterThan(700);
    expect(short.length).toBeLessThanOrEqual(700);
    expect(short.endsWith('…')).toBe(false);
    for (const u of view.units.filter((x) => x.at)) expect(short).toContain(`${u.label} ${u.at!.name}`);
  });
});

describe("a close-up's alt text", () => {
  it('says the acting unit is passing through the square of the unit it shares', () => {
    const view = toMapView(passingTable());
    const text = focusAltText(view, { col: 0, row: 0, cols: 12, rows: 10, cell: 40 }, DISCORD_ALT_TEXT_LIMIT);
    expect(text).toContain("KN B8 (passing through LO's square)");
    expect(text).not.toContain('LO B8, passing');
  });
});
