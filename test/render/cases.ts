/**
 * The golden pictures: between them every terrain type, a Big unit, every status badge, each
 * overlay, a 40×40 map, a busy melee, a turn's close-up, a 24×24 map at a phone's width, the key
 * and two stat cards. Each case says what to look for in its picture.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { renderCard } from '../../src/rulesets/sellsword/render/card-png';
import { drawNarrowCardCanvas } from '../../src/rulesets/sellsword/render/card-narrow';
import type { UnitState } from '../../src/rulesets/sellsword/engine';
import { renderStandings } from '../../src/render/standings';
import { drawFocusCanvas, focusWindow } from '../../src/rulesets/sellsword/render/focus';
import { drawLegendCanvas } from '../../src/rulesets/sellsword/render/legend';
import { drawMapCanvas, renderMap } from '../../src/rulesets/sellsword/render/map';
import { encodePng } from '../../src/render/png';
import { shownWidth } from '../../src/render/phone';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { tableGoldenCases } from './table-cases';
import { newGame } from '../../src/bench/selfplay';
import {
  bigTable,
  burstStart,
  burstTable,
  content,
  crowdTable,
  droppedThenEnteredTable,
  lastTurnTable,
  mendTable,
  meleeTable,
  pileUpTable,
  passingReplyTable,
  passingTable,
  samplerTable,
  shoveTable,
  statusTable,
  yardTable,
} from './states';
import { chargedAndDropped, missedKnight, movedAndHit } from './path-label-states';
import { repliedAndMovedOn } from './away-states';

/** Discord shows a picture about 400 px wide on a phone. */
export const PHONE_WIDTH = 400;

/** A picture scaled down to a phone's width, as Discord shows it there (`width`: the width it is shown at). */
export function atPhoneWidth(canvas: Canvas, width = PHONE_WIDTH): Buffer {
  const height = Math.round((canvas.height * width) / canvas.width);
  const small = createCanvas(width, height);
  const ctx = small.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, 0, 0, width, height);
  return encodePng(small);
}

/** A picture scaled to the width a phone shows it at in an embed (phone.ts `shownWidth`), as a player sees it there. */
const asShownOnPhone = (canvas: Canvas): Buffer => atPhoneWidth(canvas, Math.round(shownWidth(canvas.width, canvas.height)));

/** The Gray Necromancer mid-match: a marked box, a spent react token, current Vigor, two statuses. */
function necromancerState(card: string, mod: string): UnitState {
  return {
    id: 'gn',
    player: 'p1',
    card,
    mod,
    at: null,
    vigor: 12,
    injuries: ['mobility'],
    statuses: [
      { status: 'pinned', recover: 'agility', modifier: 0, source: null, asterisk: false },
      { status: 'recurring', recover: 'spirit', modifier: 0, source: null, asterisk: false, wound: 10, type: 'magic' },
    ],
    tokens: { react: 0, blue: 2, red: 1 },
    turnTaken: false,
    dropped: false,
    crowed: false,
    toughness: 5,
    warleaderUsed: 0,
  };
}

export interface GoldenCase {
  readonly name: string;
  readonly shows: string;
  readonly render: () => Buffer;
}

export const goldenCases: readonly GoldenCase[] = [
  {
    name: 'map-terrain-sampler',
    shows:
      'every terrain type and three multiclass squares, edge walls, low cover, objectives, four start areas with entry tiles, four player colours and shapes, reserve and dropped units in the header',
    render: () => renderMap(samplerTable()),
  },
  {
    name: 'map-statuses-big-unit',
    shows:
      'all eleven status badges in token corners, a square with more than fit (+2), a Big unit with a marked Mortal box and spent react token, faded units that have acted, the active unit in magenta corner brackets',
    render: () => renderMap(statusTable().state),
  },
  {
    name: 'map-last-turn',
    shows: 'a move with its start ring, a charge, a critical hit that drops its target, a miss, a reply that hits, the header line of the last turn',
    render: () => {
      const t = lastTurnTable();
      return renderMap(t.state, { lastTurn: t.events, before: t.before });
    },
  },
  {
    name: 'map-shove-big-unit',
    shows: "a Big unit's move and attack, and the target pushed a square (PUSHED)",
    render: () => {
      const t = shoveTable();
      return renderMap(t.state, { lastTurn: t.events, before: t.before });
    },
  },
  {
    name: 'map-reach',
    shows: 'squares the knight can reach shaded by cost with the cost written in each, and a charge target',
    render: () => renderMap(yardTable(), { reach: { unit: 'hero' } }),
  },
  {
    name: 'map-replied-moved-on',
    shows:
      "the knight replied to by the Ghoul as it stepped away from C3, moving on to G3 among three enemies (playtest round 21): its label 'KN: MISSED by GH's reply' has no room beside it, so its numbered badge is drawn by the knight, not by C3 where the reply's line ends",
    render: () => {
      const t = repliedAndMovedOn();
      return renderMap(t.state, { lastTurn: t.events, before: t.before });
    },
  },
  {
    name: 'map-passing-through',
    shows: "the knight stopped in the archer's square while passing through it: drawn smaller in the square's lower right, the archer still seen under it",
    render: () => renderMap(passingTable()),
  },
  {
    name: 'focus-passing-reply',
    shows:
      "the close-up of the knight stopped in the archer's square by the Ghoul's reply: the move's arrow and the reply's end at the knight's small token, and the archer's token is drawn back over the reply's arrowhead, so both labels read",
    render: () => {
      const t = passingReplyTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return encodePng(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'focus-dropped-then-entered',
    shows:
      "the close-up after the knight dropped the skeleton on C6 with a critical and moved onto C6: the drop's cross and the critical's arrowhead lie under the knight's token, which reads, and one label, 'SW: CRIT by KN, 20 wounds · DROPPED' (stacked), sits above it",
    render: () => {
      const t = droppedThenEnteredTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return encodePng(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'map-burst',
    shows:
      "the Priest's Dawnburst centred on the Ghoul at J14 (R24): the nine squares it covered shaded orange with dashed outlines, its centre square outlined solid, a BURST tag by the area, and the attack lines to the three units it caught (a hit, a miss on the priest's own Squire, a critical); the Skeleton outside it untouched; the key under the map names the burst",
    render: () => {
      const t = burstTable();
      return renderMap(t.state, { lastTurn: t.events, before: t.before });
    },
  },
  {
    name: 'phone-focus-burst',
    shows: "the burst's close-up at the size a phone shows it: the whole shaded area with its centre outlined, the tags and labels readable",
    render: () => {
      const t = burstTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'focus-mend',
    shows:
      "the Priest's Mend Wounds used as an act (a trait draws no line): green labels beside the Priest, 'PD: +7 Vigor from Mend Wounds', and the Squire, 'SQ: +10 Vigor from PD's Mend Wounds', each with what it regained; the strip under it shows their Vigor now",
    render: () => {
      const t = mendTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return encodePng(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'map-burst-preview',
    shows:
      "/skirmish view previewing the Priest's Dawnburst on J14 before it is made (R24, issue 26): the same orange area and outlined centre as map-burst draws for a made burst, with its BURST tag, the Priest ringed, each unit it would catch tagged with its chance to hit (the Priest's own Squire as ALLY), no attack lines or results; the key under the map names the preview",
    render: () => renderMap(burstStart(), { burst: { unit: 'priest', attack: 'dawnburst', origin: 'J14' } }),
  },
  {
    name: 'map-sight',
    shows: 'the archer’s sight: one enemy clear, one in cover, one invisible behind brush, one out of sight behind a wall',
    render: () => renderMap(yardTable(), { sight: { unit: 'bow' } }),
  },
  {
    name: 'map-attack-preview',
    shows: 'an attack preview through low cover with its chance to hit, explained in the legend',
    render: () => renderMap(yardTable(), { preview: { unit: 'bow', attack: 'longbow', target: 'cover' } }),
  },
  {
    name: 'map-melee',
    shows:
      'a busy melee, nine units within three squares: a charge, a critical that drops its target, a reply that hits, an attack on a Big unit and its critical reply that shoves the attacker; no tag covers a token (each unit label beside its own unit, or in the numbered list)',
    render: () => {
      const t = meleeTable();
      return renderMap(t.state, { lastTurn: t.events, before: t.before });
    },
  },
  {
    name: 'focus-melee',
    shows:
      "the close-up posted under the melee map in an embed, as drawn (for a phone's 280 px embed, at twice its width): the squares of the turn at twice the scale (ten by ten of twenty), with its own coordinates, the same tags clear of the tokens, text 22 px",
    render: () => {
      const t = meleeTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return encodePng(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-24x24',
    shows:
      'Burning Village (24×24) with sixteen units and a turn, scaled to 400 px wide as a phone shows it: every unit label still reads (LS, PD, WH, SW, SD, GH…), the faded ones too',
    render: () => {
      const t = crowdTable();
      return atPhoneWidth(drawMapCanvas(toMapView(t.state, { lastTurn: t.events, before: t.before })));
    },
  },
  {
    name: 'phone-entry-start-areas',
    shows:
      'the map an entry tile is chosen on (Burning Village, no unit entered yet), scaled to 400 px wide as a phone shows it: each start area hatched, with its number (S1, S2) drawn a square tall in its middle, readable at that width, and under the board the key to the terrain on this map (the legend comes after setup), its words as large as the header',
    render: () => atPhoneWidth(drawMapCanvas(toMapView(newGame(content, 'burning-village', 7), { startLabels: true }))),
  },
  {
    name: 'phone-focus-melee',
    shows:
      'the melee close-up at the size a phone shows it (280 px wide, in its embed under the map): the unit strip under it gives each unit in it its label in its colour, name, Vigor, injuries and statuses at 11 px or more, and the coordinates, tags and token labels read too',
    render: () => {
      const t = meleeTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-focus-pile-up',
    shows:
      "issue 26's pile-up at the size a phone shows the close-up: a charge, a critical that drops SD, the Ghoul's reply that hits, a miss on the ogre and the ogre's reply that misses, one label per unit, named first ('SD: CRIT by KC, 20 wounds · DROPPED', 'KC: HIT by GH's reply, 5 wounds · MISSED by AO's reply', 'AO: MISSED by KC'), each beside its own unit or, where no spot beside it is nearer it than another unit, in the numbered list with its badge by the unit; no tag covers another or a token",
    render: () => {
      const t = pileUpTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-focus-moved-and-hit',
    shows:
      "a close-up at the size a phone shows it (playtest: a label hid the move it spoke of): the knight's move E5 to C4 with its start ring and arrowhead, and its label 'KN: HIT by GH's reply, 5 wounds' beside it, clear of the path",
    render: () => {
      const t = movedAndHit();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-focus-charge-dropped',
    shows:
      "a close-up at the size a phone shows it (playtest: a label hid where a charge started): the skeleton's charge G4 to E4 dropped by the knight's critical reply, its start ring on G4 in sight, the label 'SW: CRIT by KN's reply, 20 wounds · DROPPED' off it",
    render: () => {
      const t = chargedAndDropped();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-focus-miss-by-label',
    shows:
      "a close-up at the size a phone shows it (playtest: a miss's cross on the knight read '✕N'): the archer's miss along the row, its cross beside the knight's token, the label KN clear",
    render: () => {
      const t = missedKnight();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-focus-24x24',
    shows:
      'the close-up of a turn on Burning Village (24×24) at the size a phone shows it (280 px wide, in its embed), with its unit strip: wounds and Vigor that the tokens cannot show at this size',
    render: () => {
      const t = crowdTable();
      const view = toMapView(t.state, { lastTurn: t.events, before: t.before });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-focus-reach',
    shows:
      "the close-up /skirmish view posts with the knight's reach, at the size a phone shows it (280 px wide, in its embed): each square's movement cost 11 px tall or more in a white halo, readable on the shading and the terrain, the charge target ringed",
    render: () => {
      const view = toMapView(yardTable(), { reach: { unit: 'hero' } });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-focus-sight',
    shows:
      "the close-up /skirmish view posts with the archer's sight, at the size a phone shows it: every enemy it looks at in the window (its enemies spread too far for a twice-as-large close-up, so the window is as wide as labels still read), each one's mark and range (CLEAR 6, COVER 9, NO SIGHT, INVISIBLE 5), the unit strip and the key under it",
    render: () => {
      const view = toMapView(yardTable(), { sight: { unit: 'bow' } });
      return asShownOnPhone(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'phone-400-focus-sight',
    shows:
      "the archer's sight close-up at 400 px wide, as a phone shows the picture opened: every enemy in it with its mark and range, squares out of its sight greyed and struck through (behind the wall, the brush), the rest clear, the coordinates and key 11 px or more",
    render: () => {
      const view = toMapView(yardTable(), { sight: { unit: 'bow' } });
      return atPhoneWidth(drawFocusCanvas(view, focusWindow(view)!));
    },
  },
  {
    name: 'key-mill-crossing',
    shows:
      'the key posted once with the opening map: a token drawn large with its parts named, the active-unit corners, faded, player shapes, the terrain on Mill Crossing, every status, the marks of a last turn and the numbered-tag badge',
    render: () => encodePng(drawLegendCanvas(toMapView(statusTable().state))),
  },
  {
    name: 'map-40x40',
    shows: 'the largest map: 40×40 with sixteen units, two letters for columns AA–AN',
    render: () => renderMap(bigTable()),
  },
  {
    name: 'card-gray-necromancer',
    shows: "the rulebook's example card with the Infernal Aura mod and a unit's state: a marked box, spent react token, current Vigor, statuses",
    render: () => {
      const card = content.index.units.get('havoc-gray-necromancer')!;
      const mod = content.index.mods.get('havoc-infernal-aura')!;
      return renderCard(card, mod, necromancerState(card.id, mod.id));
    },
  },
  {
    name: 'phone-card-gray-necromancer',
    shows:
      "the same card in its narrow layout (what players are shown), at the size a phone shows it (280 px wide, as each of a warband's cards is posted in an embed of its own): stats in two rows, the attacks and traits across the width in text 11 px tall, injuries, action pool, statuses and the mod readable",
    render: () => {
      const card = content.index.units.get('havoc-gray-necromancer')!;
      const mod = content.index.mods.get('havoc-infernal-aura')!;
      return asShownOnPhone(drawNarrowCardCanvas(card, mod, necromancerState(card.id, mod.id)));
    },
  },
  {
    name: 'card-priest',
    shows: 'a card with a trait injury box after the trait it disables, a burst attack, two blue tokens',
    render: () => renderCard(content.index.units.get('valor-priest')!),
  },
  {
    name: 'league-standings',
    shows:
      'a league table: title, header Pts P W D L FF VP ± Rating (ranked by points), striped rows, two players level sharing rank 2, a long name cut with an ellipsis, a negative VP difference and rating, and the "…and N more" line under 25 rows',
    render: () =>
      renderStandings('North Marches · season 2', [
        { rank: 1, name: 'Alice', points: 13, played: 5, won: 4, drawn: 1, lost: 0, forfeits: 0, vpDiff: 112, rating: 9.4 },
        { rank: 2, name: 'Bob', points: 9, played: 5, won: 3, drawn: 0, lost: 2, forfeits: 0, vpDiff: 20, rating: 5.1 },
        { rank: 2, name: 'Carol', points: 9, played: 5, won: 3, drawn: 0, lost: 2, forfeits: 0, vpDiff: 20, rating: 5.1 },
        {
          rank: 4,
          name: 'Dave the Unreasonably Long-Named Warlord of the Northern Reaches',
          points: 4,
          played: 5,
          won: 1,
          drawn: 1,
          lost: 2,
          forfeits: 1,
          vpDiff: -48,
          rating: -1.7,
        },
        ...Array.from({ length: 24 }, (_, i) => ({
          rank: 5 + i,
          name: `Player ${5 + i}`,
          points: 0,
          played: 4,
          won: 0,
          drawn: 0,
          lost: 4,
          forfeits: 0,
          vpDiff: -10 - i,
          rating: -2 - i / 10,
        })),
      ]),
  },
  ...tableGoldenCases,
];
