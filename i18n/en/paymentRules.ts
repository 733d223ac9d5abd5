/** The payments API's messages (schedules, payments, currency rates, overdue sales, invoices), in English. */
export const paymentRulesTexts = {
  resources: {},
  messages: {
    schedule: {
      payments_count_range: 'The number of payments must be between 1 and 600',
      period_range: 'The period must be between 1 and 120 months',
      formula_format: 'Write the formula as amount:count pairs separated by commas, e.g. 1200:4,1700:3',
      formula_exceeds_count: 'The formula has more payments than the schedule',
      formula_exceeds_price: 'The formula adds up to more than the price',
      formula_short_of_price: 'The formula covers every payment but not the whole price',
      formula_leaves_nothing: 'The formula covers the whole price but leaves payments with nothing to pay',
      too_many_payments: 'The rest of the price is too small to spread over so many payments',
    },
    payment_rules: {
      exceeds_balance: 'The payment is more than what is left to pay (%{remaining})',
      no_rate: 'There is no %{currency} rate for %{date} or any day before it: enter or fetch the rate first',
      rate_range: 'A rate is between 0.01 and 1,000 lari for one unit of the currency',
      sale_canceled: 'The sale is cancelled: its payments and schedule can no longer change',
      payment_voided: 'This payment was voided when the sale changed and can no longer be edited',
      price_below_paid: 'The price cannot be less than what has already been paid (%{paid})',
      not_overdue: 'The sale is not overdue',
      nothing_to_invoice: 'Nothing is left to pay, so there is nothing to invoice',
      installment_not_of_sale: 'This installment is not part of the sale',
      import_no_sale: 'No sale matches this contract number or personal number',
      import_several_sales: 'The customer has several sales: give the contract number',
      nbg_unreachable:
        'The National Bank of Georgia rate service could not be reached. Try again later or enter the rate by hand.',
      date_order: 'The end date is before the start date',
      range_too_long: 'Fetch at most %{max} days at a time',
      columns: {
        paid_on: 'Payment date',
        amount: 'Amount',
        currency: 'Currency',
        note: 'Note',
        contract_no: 'Contract number',
        personal_number: 'Personal number',
        transaction_id: 'Transaction ID',
        date: 'Date',
        rate: 'Rate',
      },
    },
  },
} as const;
