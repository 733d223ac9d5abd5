import { Box, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { SimpleList, useTranslate, type RaRecord, type SimpleListProps } from 'react-admin';

/** One line of a card: a field reading the row's record context (MoneyField, DateField, …) or a function of the row. */
export type CardText<RecordType extends RaRecord = RaRecord> = ReactElement | ((record: RecordType) => ReactNode);

export interface PhoneCardsProps<RecordType extends RaRecord = RaRecord> {
  /** The card's first line: what the row is (the unit, the customer, the contract). */
  primaryText: CardText<RecordType>;
  /** The line under it: who and when. */
  secondaryText?: CardText<RecordType>;
  /** Beside the first line, on its right: the amount or the status. */
  tertiaryText?: CardText<RecordType>;
  /**
   * The row's own buttons (mark done, delete, …), reading the row's record context;
   * a tap on one does not open the card.
   */
  actions?: ReactNode;
  /** What a tap on a card opens: the same as the table's row click. */
  rowClick?: SimpleListProps<RecordType>['rowClick'];
  /** What the cards say when no row is there, as the table's own `empty` says it (react-admin's words otherwise). */
  empty?: ReactNode;
  /** The list's table, shown on every screen wider than a phone's. */
  children: ReactNode;
}

/** A card's text: a field rendered as it is (it reads the row's record context), a function of the row called. */
const shown = <RecordType extends RaRecord>(text: CardText<RecordType> | undefined, record: RecordType) =>
  typeof text === 'function' ? text(record) : text;

/**
 * A list's rows as cards on a phone (narrower than MUI's `sm`), its table everywhere else: a table's columns do not fit
 * 390 px, a card shows each row's three things that matter without scrolling sideways. The first line holds what the
 * row is with its status or amount at its end; the line under it runs the card's width; the row's buttons follow in a
 * row of their own (a column of them beside the text squeezed it onto three lines).
 */
export function PhoneCards<RecordType extends RaRecord = RaRecord>(props: PhoneCardsProps<RecordType>) {
  const { children, primaryText, secondaryText, tertiaryText, rowClick, actions, empty } = props;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const translate = useTranslate();
  if (!phone) return <>{children}</>;
  return (
    <SimpleList<RecordType>
      primaryText={(record) => (
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Box component="span" sx={{ minWidth: 0 }}>
            {shown(primaryText, record)}
          </Box>
          {tertiaryText && (
            <Box component="span" sx={{ flexShrink: 0 }}>
              {shown(tertiaryText, record)}
            </Box>
          )}
        </Box>
      )}
      secondaryText={(record) => (
        <>
          {shown(secondaryText, record)}
          {actions && <CardActions>{actions}</CardActions>}
        </>
      )}
      rowClick={rowClick}
      empty={empty}
      aria-label={translate('widgets.records')}
      data-testid="phone-cards"
    />
  );
}

/** A card's buttons, in a row under its text: a tap on one runs it and does not follow the card's link. */
function CardActions({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 1 }}
      onClick={(event) => {
        event.stopPropagation();
        // a dialog a button opened is drawn elsewhere but its clicks come here through React: its Save must submit
        if (event.currentTarget.contains(event.target as Node)) event.preventDefault();
      }}
    >
      {children}
    </Box>
  );
}
