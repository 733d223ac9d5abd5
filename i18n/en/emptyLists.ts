/** What an empty list says belongs in it, by resource, in English. */
export const emptyListsTexts = {
  resources: {},
  messages: {
    empty_list: {
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
