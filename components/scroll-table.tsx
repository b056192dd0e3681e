// A data table that scrolls sideways on its own on a narrow screen (.table-scroll in app/globals.css), never
// the page; the scroll area is focusable and named, so a keyboard user can reach it and scroll it.
import type { ReactNode } from "react";

export interface ScrollTableColumn<Row> {
  header: string;
  /** Figures: right-aligned (the `num` class), header and cells alike. */
  numeric?: boolean;
  cell: (row: Row, index: number) => ReactNode;
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
                  {column.cell(row, i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
