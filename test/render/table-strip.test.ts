/**
 * The full table picture's strip in a big battle: units that stand alike share a line, with their
 * labels run together, so forty units are a few lines (the golden table-sc-host-strip shows it).
 */
import { describe, expect, it } from 'vitest';
import { labelRuns, summaryRows } from '../../src/render/table-picture';
import { scTableView } from '../../src/rulesets/sword-and-claw/view/table-view';
import { hostTable, meleeTable } from './table-states';

const words = (rows: ReturnType<typeof summaryRows>) => rows.map((r) => r.map((x) => ('text' in x ? x.text : '')).join(''));

describe('the table strip', () => {
  it('runs labels in a row together: RS1–RS3, two in a row as a pair, others as they are', () => {
    expect(labelRuns(['RS1', 'RS2', 'RS3', 'RS5', 'RS6', 'RS9', 'HC', 'HC1'])).toBe('RS1–RS3, RS5, RS6, RS9, HC, HC1');
  });

  it('puts the units of a side and card that stand alike on one line past twelve units; a Hurt or removed one keeps its own', () => {
    const lines = words(summaryRows(scTableView(hostTable())));
    expect(lines).toEqual([
      ' RS1–RS4, RS6–RS20 (19) Reptilian Skirmisher: 0 of 2 wounds taken',
      ' RS5 Reptilian Skirmisher, J7: 1 of 2 wounds taken, Hurt',
      ' RS21–RS27, RS29–RS40 (19) Reptilian Skirmisher: 0 of 2 wounds taken',
      ' RS28 Reptilian Skirmisher: removed',
    ]);
  });

  it('lists every unit on a line of its own up to twelve units', () => {
    const view = scTableView(meleeTable());
    expect(view.units.length).toBeLessThanOrEqual(12);
    expect(summaryRows(view)).toHaveLength(view.units.length);
  });
});
