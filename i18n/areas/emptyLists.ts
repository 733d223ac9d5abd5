import type { Widen } from '../en';

/** What an empty list says belongs in it, by resource, in the three languages. */
const en = {
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

const ka = {
  resources: {},
  messages: {
    empty_list: {
      sales: {
        title: 'გაყიდვები ჯერ არ არის',
        text: 'აქ ჩანს განვადებით გაყიდვები: ხელშეკრულება, გაყიდული ობიექტები, გადახდის გრაფიკი და გადახდილი თანხა.',
      },
      customers: {
        title: 'კლიენტები ჯერ არ არის',
        text: 'ვინც ყიდულობს, არეზერვებს ან ჯავშნის ობიექტებს: მათი დოკუმენტები, ტელეფონები და გარიგებები.',
      },
      properties: {
        title: 'ობიექტები ჯერ არ არის',
        text: 'თქვენი კომპლექსების ბინები, კომერციული ფართები და პარკინგის ადგილები: სართული, ფართი, ფასი და სტატუსი.',
      },
      'pre-sale-bookings': {
        title: 'რეზერვაციები ჯერ არ არის',
        text: 'კლიენტისთვის თარიღამდე დაკავებული ობიექტი: დაადასტურეთ, უარყავით ან გადააქციეთ გაყიდვად.',
      },
      bookings: {
        title: 'ჯავშნები ჯერ არ არის',
        text: 'კლიენტისთვის გარკვეული პერიოდით დაჯავშნილი ობიექტები, ჯავშნის ფასით და გადახდის ნიშნით.',
      },
      payments: {
        title: 'გადახდები ჯერ არ არის',
        text: 'აქ ჩანს გაყიდვებზე მიღებული ყველა გადახდა, როცა ის გაყიდვის გვერდზე შეიტანება ან ბანკიდან იმპორტდება.',
      },
      tasks: {
        title: 'ამოცანები ჯერ არ არის',
        text: 'საქმეები კლიენტის, გაყიდვის ან ობიექტის შესახებ, შესრულების ვადითა და შემსრულებლით.',
      },
    },
  },
} satisfies Widen<typeof en>;

const ru = {
  resources: {},
  messages: {
    empty_list: {
      sales: {
        title: 'Продаж пока нет',
        text: 'Здесь появляются продажи в рассрочку: договор, проданные объекты, график платежей и оплаченные суммы.',
      },
      customers: {
        title: 'Клиентов пока нет',
        text: 'Кто покупает, резервирует или бронирует объекты: их документы, телефоны и сделки.',
      },
      properties: {
        title: 'Объектов пока нет',
        text: 'Квартиры, коммерческие помещения и парковочные места ваших комплексов: этаж, площадь, цена и статус.',
      },
      'pre-sale-bookings': {
        title: 'Резервирований пока нет',
        text: 'Объект, удерживаемый для клиента до даты, до продажи: подтвердите, отклоните или превратите в продажу.',
      },
      bookings: {
        title: 'Бронирований пока нет',
        text: 'Объекты, забронированные для клиента на срок, с ценой бронирования и отметкой об оплате.',
      },
      payments: {
        title: 'Платежей пока нет',
        text: 'Каждый платёж по продаже, внесённый на странице продажи или импортированный из банка.',
      },
      tasks: {
        title: 'Задач пока нет',
        text: 'Дела по клиенту, продаже или объекту, со сроком и исполнителем.',
      },
    },
  },
} satisfies Widen<typeof en>;

export const emptyListsTexts = { en, ka, ru };
