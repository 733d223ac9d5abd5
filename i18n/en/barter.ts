/** The barter area's texts: react-admin resource labels and the area's own namespaces, in English. */
export const barterTexts = {
  resources: {
    barter: {
      name: 'Barter |||| Barters',
      fields: {
        id: 'ID',
        counterparty: 'Counterparty',
        customer_id: 'Customer',
        customer_name: 'Customer',
        description: 'Description',
        value: 'Value',
        currency: 'Currency',
        agreed_on: 'Agreed on',
        status: 'Status',
        units: 'Units',
        property_ids: 'Units',
        building_id: 'Complex',
        q: 'Counterparty',
        created_at: 'Added',
      },
    },
    'advance-payments': {
      name: 'Advance payment |||| Advance payments',
      fields: {
        id: 'ID',
        customer_id: 'Customer',
        customer_name: 'Customer',
        property_id: 'Unit',
        property_label: 'Unit',
        amount: 'Amount',
        currency: 'Currency',
        paid_on: 'Paid on',
        note: 'Note',
        date_from: 'Paid from',
        date_to: 'Paid to',
        created_at: 'Added',
      },
    },
  },
  messages: {
    barter: {
      no_units: 'Choose at least one unit',
      unknown_customer: 'There is no such customer',
      unknown_unit: 'There is no such unit',
      pick_complex: 'Complex of the units',
      units_title: 'Units given',
      no_units_yet: 'No units',
    },
    advance_payments: {
      unknown_customer: 'There is no such customer',
      unknown_unit: 'There is no such unit',
    },
  },
} as const;
