/**
 * For lists with many columns: the table scrolls inside the page, so its width never pushes the toolbar and the
 * page off screen (`contain` keeps the table's width from sizing the layout around it).
 */
export const WIDE_TABLE = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto', contain: 'inline-size' },
  '& td': { py: 0.75 },
  // titles wrap between words: a column is as wide as its longest word, not its whole title
  '& th': { whiteSpace: 'normal' },
} as const;
