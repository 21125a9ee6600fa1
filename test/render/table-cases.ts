/**
 * Golden pictures of table views (render/table-picture.ts), from Sword and Claw's builder: each says
 * what to look for.
 */
import { renderTableFocus } from '../../src/render/table-focus';
import { drawTableCanvas, renderTable } from '../../src/render/table-picture';
import { scTableView } from '../../src/rulesets/sword-and-claw/view/table-view';
import { scView } from '../../src/rulesets/sword-and-claw/view';
import { atPhoneWidth } from './cases';
import { areaTable, coneTable, deployedTable, deployingTable, flightTable, hostTable, meleeTable, waterTable } from './table-states';

export const tableGoldenCases = [
  {
    name: 'table-sc-reed-ford-deployed',
    shows:
      'Sword and Claw: Reed Ford with both sample armies deployed, blue circles on the west edge and red squares on the east, the two 2×2 Swamp Brutes over their whole footprint, wound pips, the strip with troops that stand alike on one line (HS1–HS4 (4) Human Spearman…), the key to hard blocking and difficult terrain',
    render: () => renderTable(scTableView(deployedTable())).png,
  },
  {
    name: 'table-sc-melee-hurt',
    shows:
      "Sword and Claw after Bob's turn: the 3×3 Marsh Wyrm's Slide (dotted), a Brute's Run (dashed), a skirmisher's Move (solid), strikes tagged with target, attacker and result ('HS1: HIT by RM, 2 wounds', 'HCA: HIT by RSW, 1 wound', 'HS2: MISSED by RSK'), a spearman REMOVED under a red cross, Hurt as an H badge on 1×1 tokens and HURT on the 2×2, the active captain's corners",
    render: () => renderTable(scTableView(meleeTable())).png,
  },
  {
    name: 'table-sc-melee-phone',
    shows: 'the same melee scaled to the width a phone shows a lone attachment at (312 px): the strip and the key read at 11 px or more',
    render: () => atPhoneWidth(drawTableCanvas(scTableView(meleeTable())), 312),
  },
  {
    name: 'table-sc-melee-focus',
    shows:
      "the melee's close-up for a phone's embed, captioned Bob's last turn: the window round the turn's marks (H2 to S13) at 41 px a square, labels, pips, tags and the strip of the units in it at 22 px or more, no key (the full picture has it)",
    render: () => renderTableFocus(scTableView(meleeTable()))!.png,
  },
  {
    name: 'table-sc-deploying',
    shows:
      "Sword and Claw's deployment: Alice's zone hatched in blue with a dashed outline and Z1, five troops placed, the rest listed as not deployed yet, alike ones on one line (HCR1–HCR3 (3) …)",
    render: () => renderTable(scTableView(deployingTable())).png,
  },
  {
    name: 'table-sc-area',
    shows:
      "Sword and Claw after Bob's ranged step: the Bile Spitter's Area 2 glob drifted onto M7–N8, its four squares shaded orange with dashed edges under the tokens, a shot line to each troop under it (his own skirmisher too) tagged with the troop hit and the spitter ('…: HIT by BS, 1 wound'), and the key's line for an area",
    render: () => renderTable(scTableView(areaTable())).png,
  },
  {
    name: 'table-sc-cone',
    shows:
      "Sword and Claw after Bob's melee step: the Fire Drake's Cone 4 aimed west at a spearman, its squares (one wide by the drake, three wide at its far end) shaded orange with dashed edges under the tokens, a strike line to each troop under it tagged with the troop, the drake and the result (HS1 hit for 1 wound, his own skirmisher too, one MISSED), the spearman and captain off it untouched, and the key's line for a cone, fan, line or aura",
    render: () => renderTable(scTableView(coneTable())).png,
  },
  {
    name: 'table-sc-host-strip',
    shows:
      'a big battle on the 36×24 Long Marsh, twenty skirmishers a side: the strip lists the units that stand alike on one line each (RS1–RS4, RS6–RS20 (19) … 0 of 2 wounds taken), the Hurt one and the removed one on lines of their own, so the picture is a board and a few lines, not forty',
    render: () => renderTable(scTableView(hostTable())).png,
  },
  {
    name: 'table-sc-water',
    shows:
      "Sword and Claw's water: a river down Reed Ford drawn blue with waves, each square's depth (2, 3, 3, 2; a ford of 1s) in its corner on a light halo, a spearman's move into the deep channel, and one key line for water whatever its depths",
    render: () => renderTable(scTableView(waterTable())).png,
  },
  {
    name: 'table-sc-flight',
    shows:
      "Sword and Claw's flyers (SC Flight): each aloft drawn smaller at the top of its space with its level on a badge in the top-left corner (Hv hovering over a spearman, whose token shows below it; Lo at Low Altitude, Hurt with its H badge in the other corner; Hi on the 2×2 wyvern after its move), a Landed harrier unmarked, the strip saying 'flying: Hovering' and 'landed (it can fly)', and a key line for each level shown",
    render: () => renderTable(scTableView(flightTable())).png,
  },
  {
    name: 'table-sc-map-reed-river',
    shows:
      "/map show of a Sword and Claw map (issue 33): Reed River on its own, titled as a Sword and Claw map, its size in inches and its terrain counted in the header, the river's depths in the corners, no troops, no strip, and the key to hard blocking, difficult terrain and water right under the board",
    render: () => renderTable(scView.map!('reed-river')!).png,
  },
] as const;
