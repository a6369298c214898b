import { useRef, type ReactNode } from 'react';
import { useTableRows } from './use-table-rows';

/** What a drawn row must carry so it is announced at its place in the whole list. */
export interface LongTableRowProps {
  'data-index': number;
  'aria-rowindex': number;
}

/** The CSS max-height of .import-long-scroll (20rem). */
const VIEWPORT_PX = 320;

interface Props {
  className: string;
  label?: string;
  head: ReactNode;
  count: number;
  estimatePx: number;
  row: (index: number, props: LongTableRowProps) => ReactNode;
}

/**
 * A table of the verification dialog that may hold hundreds of rows (one per class, module or teacher of a
 * large file): it scrolls in a bounded area and draws only the rows in view. Its rows keep one height (one
 * line of fields), so they are not measured: measuring forces a layout of the whole dialog while it commits.
 */
export function LongTable({ className, label, head, count, estimatePx, row }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useTableRows(scroller, count, estimatePx, VIEWPORT_PX);
  return (
    <div className="table-scroll import-long-scroll" ref={scroller}>
      <table className={className} aria-label={label} aria-rowcount={count + 1}>
        <thead>{head}</thead>
        <tbody>
          {win.padTop > 0 ? <tr aria-hidden="true" style={{ height: win.padTop }} /> : null}
          {win.items.map((item) =>
            row(item.index, {
              'data-index': item.index,
              'aria-rowindex': item.index + 2,
            }),
          )}
          {win.padBottom > 0 ? <tr aria-hidden="true" style={{ height: win.padBottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
