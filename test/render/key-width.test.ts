/**
 * Every line of a key fits its picture (issue 26: "one label per unit, named first: GH was hit by…"
 * and "a critical hit that dropped SD (red cros…" ran past the legend's right edge): the furthest
 * drawn run of each part stays within the picture's inner width, for Sellsword's legend on every
 * test map and Sword and Claw's key under the table picture.
 */
import { describe, expect, it } from 'vitest';
import { legendLayout } from '../../src/rulesets/sellsword/render/legend';
import { toMapView } from '../../src/rulesets/sellsword/render/view';
import { tableLayout } from '../../src/render/table-picture';
import { scTableView } from '../../src/rulesets/sword-and-claw/view/table-view';
import { bigTable, samplerTable, statusTable, yardTable } from './states';
import { areaTable, coneTable, deployedTable, deployingTable, flightTable, hostTable, meleeTable, waterTable } from './table-states';

describe('the key fits its picture', () => {
  const sellsword = { status: () => statusTable().state, sampler: samplerTable, yard: yardTable, big: bigTable };
  for (const [name, state] of Object.entries(sellsword)) {
    for (const width of [760, 600]) {
      it(`Sellsword's legend (${name}, ${width} px): every part within the inner width`, () => {
        const { inner, parts } = legendLayout(toMapView(state()), width);
        for (const part of parts) expect(part.widest).toBeLessThanOrEqual(inner);
      });
    }
  }
  const sc = {
    deployed: deployedTable,
    melee: meleeTable,
    deploying: deployingTable,
    host: hostTable,
    area: areaTable,
    cone: coneTable,
    water: waterTable,
    flight: flightTable,
  };
  for (const [name, input] of Object.entries(sc)) {
    it(`Sword and Claw's table key (${name}): the header, strip and key within the inner width`, () => {
      const { width, pad, head, strip, foot } = tableLayout(scTableView(input()));
      for (const part of [head, strip, foot]) expect(part.widest).toBeLessThanOrEqual(width - 2 * pad);
    });
  }
});
