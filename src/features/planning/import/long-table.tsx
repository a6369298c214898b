import { useRef, type ReactNode, type Ref } from 'react';
import { useTableRows } from './use-table-rows';

/** What a drawn row must carry so it is measured and announced at its place in the whole list. */
export interface LongTableRowProps {
  ref: Ref<HTMLTableRowElement>;
  'data-index': number;
  'aria-rowindex': number;
}

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
 * large file): it scrolls in a bounded area and draws only the rows in view, each measured as drawn.
 */
export function LongTable({ className, label, head, count, estimatePx, row }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useTableRows(scroller, count, estimatePx);
  return (
    <div className="table-scroll import-long-scroll" ref={scroller}>
      <table className={className} aria-label={label} aria-rowcount={count + 1}>
        <thead>{head}</thead>
        <tbody>
          {win.padTop > 0 ? <tr aria-hidden="true" style={{ height: win.padTop }} /> : null}
          {win.items.map((item) =>
            row(item.index, {
              ref: win.measure,
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
