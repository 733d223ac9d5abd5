/** What an empty list says belongs in it, by resource, in English. */
export const emptyListsTexts = {
  resources: {},
  messages: {
    empty_list: {
      'service-containers': {
        title: 'No renovation packages yet',
        text: 'Renovation sold on top of a sale: its services, price and own payment schedule, with what is paid and owed.',
      },
      'renovation-payments': {
        title: 'No service payments yet',
        text: 'Every payment received for a renovation appears here once it is entered on the renovation package or sale.',
      },
      services: {
        title: 'No services yet',
        text: 'The services sold on top of a sale, such as renovation, with their unit of measure and price per complex.',
      },
      prices: {
        title: 'No price lists yet',
        text: 'A price per m² for a complex, a block, a range of floors or one unit; saving it reprices the free units it covers.',
      },
      documents: {
        title: 'No documents yet',
        text: 'The files uploaded on the pages of agents, barters and sales, each with a link to its owner.',
      },
      'trashed-sales': {
        title: 'No canceled sales yet',
        text: 'Canceled sales appear here with the date and the reason of the cancellation.',
      },
      users: {
        title: 'No employees yet',
        text: 'The people who work in the office, with their roles, the complexes they see and whether they may sign in.',
      },
      tickets: {
        title: 'No tickets yet',
        text: 'Questions and problems sent to support appear here, with the conversation and its answer.',
      },
      'custom-fields': {
        title: 'No custom fields yet',
        text: 'Fields of your own on sales, customers, units and complexes; their values go into document templates.',
      },
      logs: {
        title: 'Nothing recorded yet',
        text: 'Every change made in the office appears here: who created, changed or deleted which record, and when.',
      },
      'notification-logs': {
        title: 'No messages sent yet',
        text: 'Every email and SMS to a customer appears here, sent by hand or automatically, with whether it was delivered.',
      },
      agents: {
        title: 'No agents yet',
        text: 'The agents who bring you buyers, with their phones, emails and fee percentage.',
      },
      banks: {
        title: 'No banks yet',
        text: 'The banks your complexes hold accounts in, with their SWIFT code and their bank code in the IBAN.',
      },
      'currency-rates': {
        title: 'No currency rates yet',
        text: 'The daily rates of the National Bank of Georgia at which payments in other currencies are converted to lari.',
      },
      invoices: {
        title: 'No invoices yet',
        text: 'Invoices issued to customers for an installment or the balance of a sale or its renovation, ready to print.',
      },
      barter: {
        title: 'No barter deals yet',
        text: 'Deals that give units in exchange for goods or works, with the counterparty, the units and their value.',
      },
      'advance-payments': {
        title: 'No advance payments yet',
        text: 'Money customers paid before signing a contract, with its date and, where known, the unit it is for.',
      },
      sales: {
        title: 'No sales yet',
        text: 'Sales on installments appear here: the contract, the units sold, the payment schedule and what is paid.',
      },
      customers: {
        title: 'No customers yet',
        text: 'The people and companies who buy, reserve or book units, with their documents, phones and deals.',
      },
      properties: {
        title: 'No units yet',
        text: 'The apartments, commercial spaces and parking places of your complexes: floor, area, price and status.',
      },
      'pre-sale-bookings': {
        title: 'No reservations yet',
        text: 'A unit held for a customer until a date, before the sale: approve it, reject it or turn it into a sale.',
      },
      bookings: {
        title: 'No bookings yet',
        text: 'Units booked for a customer for a period, with the price of the booking and whether it is paid.',
      },
      payments: {
        title: 'No payments yet',
        text: 'Every payment received on a sale appears here once it is entered on the sale or imported from the bank.',
      },
      tasks: {
        title: 'No tasks yet',
        text: 'Things to do for a customer, a sale or a unit, with their due date and who does them.',
      },
    },
  },
} as const;
