/**
 * For lists with many columns: the table scrolls inside the page, so its width never pushes the toolbar and the
 * page off screen (`contain` keeps the table's width from sizing the layout around it).
 */
export const WIDE_TABLE = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' },
  '& td': { py: 0.75 },
  '& th': { whiteSpace: 'nowrap' },
} as const;
