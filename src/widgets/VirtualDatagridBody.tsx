import { cloneElement, forwardRef, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { TableBody } from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { DatagridBody, DatagridClasses, DatagridRow, RecordContextProvider, type DatagridBodyProps } from 'react-admin';

/** Up to this many rows a table renders them all; above it ('All' of a long list) only the rows on screen. */
export const VIRTUAL_FROM = 200;
/** A dense row's height before it is measured. */
const ROW_HEIGHT = 37;

/**
 * The rows of a long list page window by window: the table stays one table (its header and column widths as before),
 * and only the rows near the screen are in the page, between two spacer rows that keep the scroll height. 20,000 rows
 * scroll as 20 do.
 */
const WindowedRows = forwardRef<HTMLTableSectionElement, DatagridBodyProps>(function WindowedRows(
  {
    children,
    className,
    data = [],
    expand,
    hasBulkActions = false,
    hover,
    onToggleItem,
    resource,
    row = <DatagridRow />,
    rowClick,
    rowSx,
    rowStyle,
    selectedIds,
    isRowSelectable,
    ...rest
  },
  ref,
) {
  const body = useRef<HTMLTableSectionElement | null>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset((body.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const rows = useWindowVirtualizer({
    count: data.length,
    estimateSize: () => ROW_HEIGHT,
    // a row not laid out (yet) measures nothing: it keeps the estimate
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 15,
    scrollMargin: offset,
  });
  const shown = rows.getVirtualItems();
  const top = shown.length ? shown[0].start - offset : 0;
  const bottom = shown.length ? rows.getTotalSize() - (shown[shown.length - 1].end - offset) : 0;
  const columns = 20;
  return (
    <TableBody
      ref={(node: HTMLTableSectionElement | null) => {
        body.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      className={['datagrid-body', className, DatagridClasses.tbody].filter(Boolean).join(' ')}
      data-virtual-rows={data.length}
      {...rest}
    >
      {top > 0 && (
        <tr aria-hidden style={{ height: top }}>
          <td colSpan={columns} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
      {shown.map((item) => {
        const record = data[item.index];
        return (
          <RecordContextProvider value={record} key={record.id ?? `row${item.index}`}>
            {cloneElement(
              row as ReactElement<Record<string, unknown>>,
              {
                className: `${DatagridClasses.row} ${item.index % 2 === 0 ? DatagridClasses.rowEven : DatagridClasses.rowOdd}`,
                expand,
                hasBulkActions: hasBulkActions && !!selectedIds,
                hover,
                id: record.id ?? `row${item.index}`,
                onToggleItem,
                resource,
                rowClick,
                selectable: !isRowSelectable || isRowSelectable(record),
                selected: selectedIds?.includes(record.id),
                sx: rowSx?.(record, item.index),
                style: rowStyle?.(record, item.index),
                'data-index': item.index,
                ref: rows.measureElement,
              },
              children,
            )}
          </RecordContextProvider>
        );
      })}
      {bottom > 0 && (
        <tr aria-hidden style={{ height: bottom }}>
          <td colSpan={columns} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
    </TableBody>
  );
});

/**
 * Every list's table body (set once in the theme): react-admin's own up to VIRTUAL_FROM rows, the windowed rows above
 * it, so 'All' of a long list stays smooth.
 */
export const VirtualDatagridBody = forwardRef<HTMLTableSectionElement, DatagridBodyProps>(
  function VirtualDatagridBody(props, ref) {
    return (props.data?.length ?? 0) > VIRTUAL_FROM ? (
      <WindowedRows {...props} ref={ref} />
    ) : (
      <DatagridBody {...props} ref={ref} />
    );
  },
);
// Material UI's Table treats it as a body (as react-admin's own DatagridBody does)
(VirtualDatagridBody as unknown as { muiName: string }).muiName = 'TableBody';
