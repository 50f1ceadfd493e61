import { minimumGroupSize } from '@uplift/contracts';

/**
 * Complementary withholding, without I/O. A figure below `minimumGroupSize` contributors is withheld,
 * but published totals can give it back: total − the parts that are shown = the parts that are not.
 * So every sum the public figures obey is a `Relation`, and more cells are withheld until, in each,
 * what can be worked out describes at least `minimumGroupSize` members (or nothing).
 */

export interface Cell {
  /** Members the figure comes from. */
  contributors: number;
  shown: boolean;
}

export interface Relation {
  /** Only whether the total is published matters: its own contributors were checked when it was made. */
  total: Pick<Cell, 'shown'>;
  /** Cells whose values add up to the total's. */
  parts: Cell[];
  /**
   * True when no member contributes to two parts (industries): the withheld parts' contributors then add
   * up exactly. Otherwise (outcome types: one member may report several) only the largest is certain.
   */
  disjoint: boolean;
}

/**
 * A figure's cell: shown from `minimumGroupSize` contributors. `zeroShown`: a figure nobody contributes
 * to is a plain 0 (it describes no one) rather than withheld.
 */
export function cellOf(contributors: number, { zeroShown = false } = {}): Cell {
  return { contributors, shown: contributors >= minimumGroupSize || (zeroShown && contributors === 0) };
}

/** The shown cell to withhold next so that `relation` reveals no small group, if one is needed. */
function nextToWithhold({ total, parts, disjoint }: Relation): Cell | undefined {
  // A part nobody contributes to is 0 whether shown or not: it neither needs nor gives cover.
  const withheld = parts.filter((part) => !part.shown && part.contributors > 0);
  const shown = parts.filter((part) => part.shown && part.contributors > 0);
  if (shown.length === 0) return undefined;
  if (total.shown) {
    if (withheld.length === 0) return undefined;
    const counts = withheld.map((part) => part.contributors);
    const covered = disjoint ? counts.reduce((sum, count) => sum + count, 0) : Math.max(...counts);
    if (covered >= minimumGroupSize) return undefined;
  } else if (withheld.length > 0) {
    // The total is withheld (to cover another relation): the shown parts alone no longer add up to it.
    return undefined;
  }
  // The smallest shown part has at least `minimumGroupSize` contributors: withheld with the others, what
  // the total gives away is their combined figure, which describes at least that many members.
  return shown.reduce((smallest, part) => (part.contributors < smallest.contributors ? part : smallest));
}

/** Withholds further cells, in place, until no relation lets a withheld figure be worked out. */
export function withholdComplements(relations: readonly Relation[]): void {
  // Each pass only ever withholds more, so this ends; cells shared by relations make one pass not enough.
  for (let changed = true; changed;) {
    changed = false;
    for (const relation of relations) {
      const cell = nextToWithhold(relation);
      if (cell) {
        cell.shown = false;
        changed = true;
      }
    }
  }
}
