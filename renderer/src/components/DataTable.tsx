/**
 * The app's plain tables (calls, audit entries, policy preview, connection log): a header row
 * from the columns, one row per item; a row can be selectable.
 */
import type { ReactNode } from 'react';

export type Column<T> = readonly [header: string, cell: (row: T) => ReactNode];

export function DataTable<T>(props: {
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T, index: number) => string | number;
  readonly className?: string;
  readonly label?: string;
  readonly caption?: string;
  readonly selected?: (row: T) => boolean;
  readonly onRow?: (row: T) => void;
}) {
  return (
    <table className={props.className ?? 'calls'} aria-label={props.label}>
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          {props.columns.map(([header]) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, i) => (
          <tr
            key={props.rowKey(row, i)}
            aria-selected={props.selected ? props.selected(row) : undefined}
            onClick={props.onRow ? () => props.onRow!(row) : undefined}
          >
            {props.columns.map(([header, cell]) => (
              <td key={header}>{cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
