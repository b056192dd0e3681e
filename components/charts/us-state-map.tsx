// A map of the US states and DC as a tile grid in SVG, rendered on the server: one equal square per state in
// roughly its place, so Rhode Island reads as well as Texas and the map stays legible on a phone, where a
// geographic outline would shrink the Northeast to specks. Each tile is shaded in one of three steps of its
// value and carries its state's code (and, on wide screens, its figure); states without data are outlined,
// not filled. Colour is never the only cue: every tile's figure is in its tooltip and in the table the page
// puts beside the map (its text equivalent), and the legend gives each step's range in words.
import type { UsStateCode } from "@/lib/contract/us-states";
import styles from "./us-state-map.module.css";

/** Column and row of each state in the grid (11 × 8), west to east and north to south. */
const TILES: Record<UsStateCode, [number, number]> = {
  AK: [0, 0],
  ME: [10, 0],
  WI: [5, 1],
  VT: [9, 1],
  NH: [10, 1],
  WA: [0, 2],
  ID: [1, 2],
  MT: [2, 2],
  ND: [3, 2],
  MN: [4, 2],
  IL: [5, 2],
  MI: [6, 2],
  NY: [8, 2],
  MA: [9, 2],
  OR: [0, 3],
  NV: [1, 3],
  WY: [2, 3],
  SD: [3, 3],
  IA: [4, 3],
  IN: [5, 3],
  OH: [6, 3],
  PA: [7, 3],
  NJ: [8, 3],
  CT: [9, 3],
  RI: [10, 3],
  CA: [0, 4],
  UT: [1, 4],
  CO: [2, 4],
  NE: [3, 4],
  MO: [4, 4],
  KY: [5, 4],
  WV: [6, 4],
  VA: [7, 4],
  MD: [8, 4],
  DE: [9, 4],
  AZ: [1, 5],
  NM: [2, 5],
  KS: [3, 5],
  AR: [4, 5],
  TN: [5, 5],
  NC: [6, 5],
  SC: [7, 5],
  DC: [8, 5],
  OK: [3, 6],
  LA: [4, 6],
  MS: [5, 6],
  AL: [6, 6],
  GA: [7, 6],
  HI: [0, 7],
  TX: [3, 7],
  FL: [8, 7],
};
const COLUMNS = 11;
const ROWS = 8;
const CELL = 40;
const GAP = 3;

export interface StateTile {
  state: UsStateCode;
  /** The figure the shading shows; null when the state has data whose figure is not published (one shade). */
  value: number | null;
  /**
   * What the tile says in words ("California: 3,525 deals"): its tooltip and, when it links, its name after what
   * the tile shows ("CA 3,525, California: 3,525 deals").
   */
  label: string;
  href?: string;
}

/** Three shading steps over the states' figures: the thirds of their sorted values (ties share a step). */
function steps(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return [];
  return [sorted[Math.floor(sorted.length / 3)], sorted[Math.floor((2 * sorted.length) / 3)]];
}

function stepOf(value: number | null, bounds: number[]): 1 | 2 | 3 {
  if (value === null || bounds.length === 0) return 2;
  if (value >= bounds[1]) return 3;
  return value >= bounds[0] ? 2 : 1;
}

export function UsStateMap(props: {
  title: string;
  tiles: StateTile[];
  /** The state whose page this is, outlined. */
  current?: string | null;
  /** A figure as people read it, for the legend and the tiles ("1,204"). */
  format: (n: number) => string;
  /** What the figure counts, for the legend ("deals"). */
  unit: string;
  /** Where the same figures are listed as text (a table's id), named in the caption. */
  tableNote: string;
  testId?: string;
}) {
  const byState = new Map(props.tiles.map((t) => [t.state, t]));
  const values = props.tiles.flatMap((t) => (t.value === null ? [] : [t.value]));
  const bounds = steps(values);
  const linked = props.tiles.some((t) => t.href);
  const titleId = `${props.testId ?? "state-map"}-title`;
  const shown = new Set(props.tiles.map((t) => stepOf(t.value, bounds)));
  const [low, high] = bounds;
  const legend = (
    values.length
      ? [
          { step: 1, text: `under ${props.format(low)} ${props.unit}` },
          { step: 2, text: `${props.format(low)} to ${props.format(high - 1)}` },
          { step: 3, text: `${props.format(high)} or more` },
        ]
      : [{ step: 2, text: `has ${props.unit} (figures not published)` }]
  ).filter((l) => shown.has(l.step as 1 | 2 | 3));
  return (
    <figure className={styles.map} data-testid={props.testId} aria-labelledby={titleId}>
      <p className={styles.title} id={titleId}>
        {props.title}
      </p>
      <svg
        viewBox={`0 0 ${COLUMNS * CELL} ${ROWS * CELL}`}
        className={styles.svg}
        // A map of links is a group a keyboard walks through; a map without links is one picture, whose text
        // equivalent is the table beside it.
        {...(linked
          ? { role: "group", "aria-label": props.title }
          : { role: "img", "aria-label": `${props.title}. ${props.tableNote}` })}
      >
        {(Object.entries(TILES) as [UsStateCode, [number, number]][]).map(([state, [col, row]]) => {
          const tile = byState.get(state);
          const step = tile ? stepOf(tile.value, bounds) : 0;
          const hasFigure = tile !== undefined && tile.value !== null;
          const x = col * CELL + GAP / 2;
          const y = row * CELL + GAP / 2;
          const size = CELL - GAP;
          const body = (
            <>
              <rect x={x} y={y} width={size} height={size} rx={4} className={styles.tile} data-step={step} />
              <text
                x={x + size / 2}
                y={y + size / 2 + 1}
                className={styles.code}
                data-step={step}
                data-with-figure={hasFigure || undefined}
              >
                {state}
              </text>
              {/* A space between the code and the figure: read as one text (a link's visible words), "CA12" is no word. */}
              {hasFigure ? " " : null}
              {hasFigure ? (
                <text x={x + size / 2} y={y + size - 6} className={styles.count} data-step={step}>
                  {props.format(tile.value!)}
                </text>
              ) : null}
              <title>{tile?.label ?? `${state}: no ${props.unit}`}</title>
            </>
          );
          const current = props.current === state;
          if (tile?.href) {
            // The link's name starts with what the tile shows ("CA 12"), then says it in words, so a person who says
            // what they see reaches it (WCAG 2.5.3 label in name; axe's label-content-name-mismatch).
            const shows = hasFigure ? `${state} ${props.format(tile.value!)}` : state;
            return (
              <a
                key={state}
                href={tile.href}
                aria-label={`${shows}, ${tile.label}`}
                aria-current={current ? "page" : undefined}
                className={styles.link}
                data-state={state}
                data-current={current || undefined}
              >
                {body}
              </a>
            );
          }
          return (
            <g
              key={state}
              data-state={state}
              data-current={current || undefined}
              aria-hidden={linked ? true : undefined}
            >
              {body}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>
        <ul className={styles.legend}>
          {legend.map((l) => (
            <li key={l.step}>
              <span className={styles.swatch} data-step={l.step} aria-hidden="true" /> {l.text}
            </li>
          ))}
          <li>
            <span className={styles.swatch} data-step={0} aria-hidden="true" /> no {props.unit}
          </li>
        </ul>
        <span>{props.tableNote}</span>
      </figcaption>
    </figure>
  );
}
