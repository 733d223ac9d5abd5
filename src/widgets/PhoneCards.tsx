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
  /** The list's table, shown on every screen wider than a phone's. */
  children: ReactNode;
}

/**
 * A list's rows as cards on a phone (narrower than MUI's `sm`), its table everywhere else: a table's columns do not fit
 * 390 px, a card shows each row's three things that matter without scrolling sideways.
 */
export function PhoneCards<RecordType extends RaRecord = RaRecord>(props: PhoneCardsProps<RecordType>) {
  const { children, primaryText, secondaryText, tertiaryText, rowClick, actions } = props;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  if (!phone) return <>{children}</>;
  return (
    <SimpleList<RecordType>
      primaryText={primaryText as SimpleListProps<RecordType>['primaryText']}
      secondaryText={secondaryText as SimpleListProps<RecordType>['secondaryText']}
      tertiaryText={tertiaryText as SimpleListProps<RecordType>['tertiaryText']}
      rowClick={rowClick}
      rightIcon={actions ? () => <CardActions>{actions}</CardActions> : undefined}
      aria-label={translate('widgets.records')}
      data-testid="phone-cards"
    />
  );
}

/** A card's buttons: a tap on one runs it and does not follow the card's link. */
function CardActions({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}
      onClick={(event) => {
        event.stopPropagation();
        event.preventDefault();
      }}
    >
      {children}
    </Box>
  );
}
