import { GlobalStyles } from '@mui/material';

/**
 * Lists fit the window in every language (in Georgian /customers was 1580 px wide on a 1440 px screen, the
 * Create and Export buttons off screen). Written once for every screen:
 * - the page's content may shrink below its widest table (a flex child's min-width is its content otherwise), and a
 *   table wider than what is left (a list's, or one on a record page) scrolls inside its own box, never the page;
 * - a toolbar (the list's actions, its filters, a record page's actions) wraps onto a second line instead of pushing
 *   the page wider or squeezing its buttons over one another;
 * - column titles wrap between words, so a column is as wide as its longest word, not its whole title;
 * - the side menu's long entries wrap instead of being cut.
 */
export function FitToScreen() {
  return (
    <GlobalStyles
      styles={{
        // react-admin's layout root is `min-width: fit-content`: any wide child widened the whole page
        'div.layout': { minWidth: '0 !important', maxWidth: '100%' },
        '.RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content': { minWidth: 0, maxWidth: '100%' },
        '.RaList-main, .RaList-content, .RaShow-main, .RaEdit-main, .RaCreate-main': { minWidth: 0, maxWidth: '100%' },
        '.RaShow-card, .RaEdit-card, .RaCreate-card': { minWidth: 0 },
        // a table wider than what is left scrolls inside its own box; its width does not size the page
        '.RaList-main .RaDatagrid-tableWrapper': { overflowX: 'auto', maxWidth: '100%', contain: 'inline-size' },
        // any other table wider than its card (a record page's units, schedule, payments) scrolls in the box holding
        // it: the card's edge hid its last columns on a phone; a printed page keeps the whole table
        '@media screen': { '#main-content :has(> table.MuiTable-root)': { overflowX: 'auto', maxWidth: '100%' } },
        // the list's toolbar (filters and actions) wraps instead of pushing the page wider
        '.RaList-actions, .RaList-actions > form, .RaList-actions .MuiToolbar-root': {
          flexWrap: 'wrap',
          minWidth: 0,
          rowGap: 4,
        },
        '.RaList-actions': { height: 'auto' },
        // a record page's actions (the sale page has a dozen) wrap too, each button keeping its width: in Georgian they
        // overlapped one another on one line
        ':is(.show-page, .edit-page, .create-page) > .MuiToolbar-root': {
          flexWrap: 'wrap',
          height: 'auto',
          rowGap: 4,
          minWidth: 0,
        },
        ':is(.show-page, .edit-page, .create-page) > .MuiToolbar-root > *': { flexShrink: 0 },
        // column titles wrap between words: a column is as wide as its longest word
        '.RaDatagrid-headerCell, .RaDatagrid-headerCell .MuiTableSortLabel-root': {
          whiteSpace: 'normal',
          overflowWrap: 'normal',
          wordBreak: 'normal',
        },
        // the side menu's long entries wrap instead of being cut
        '[data-testid="side-menu"] a, [data-testid="side-menu"] .MuiListItemText-primary': { whiteSpace: 'normal' },
      }}
    />
  );
}
