// A data table that fits a phone where it can (tighter cells, headers that wrap) and otherwise scrolls sideways
// on its own (.table-scroll in app/globals.css), never the page, with a shadow at the edge that hides columns as
// the cue that there is more. The scroll area is focusable and named, so a keyboard user can reach and scroll it.
// A column may draw its figure as a bar behind the text (`bar`: the row's share of the largest, 0 to 1), so a
// ranked table is its own chart instead of repeating one drawn above it.
import type { CSSProperties, ReactNode } from "react";

export interface ScrollTableColumn<Row> {
  header: string;
  /** Figures: right-aligned (the `num` class), header and cells alike. */
  numeric?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  /** The row's value as a share of the column's largest (0 to 1), drawn as a bar behind the cell's text. */
  bar?: (row: Row) => number;
}

export function ScrollTable<Row>(props: {
  /** The scroll area's accessible name. */
  label: string;
  testId?: string;
  columns: ScrollTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const className = (column: ScrollTableColumn<Row>) => (column.numeric ? "num" : undefined);
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label={props.label}>
      <table data-testid={props.testId}>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.header} className={className(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, i) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((column) => (
                <td key={column.header} className={className(column)}>
                  {column.bar ? (
                    <span
                      className="cell-bar"
                      style={
                        { "--bar": `${Math.round(Math.min(1, Math.max(0, column.bar(row))) * 100)}%` } as CSSProperties
                      }
                    >
                      {column.cell(row, i)}
                    </span>
                  ) : (
                    column.cell(row, i)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
