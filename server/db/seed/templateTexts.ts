import type { TemplateLanguage } from '../../../domain/documentPlaceholders';

/**
 * The demo's documents, written once for both kinds of template (seed/templates.ts renders them as the rich-text
 * editor's HTML and as a Word file): a title, a centred line, section headings, paragraphs (`**…**` is bold, a line
 * break is a new line of the same paragraph), and the payment schedule standing alone.
 */
export type Block =
  | { title: string }
  | { centre: string }
  | { heading: string }
  | { text: string }
  | { schedule: true }
  | { signature: string };

export type SeededKind = 'contract' | 'pre_contract' | 'payment_schedule' | 'invoice';

export interface SeededDocument {
  name: string;
  blocks: Block[];
}

/** The schedule table's headings in a Word template (a rich-text body's come from the catalogue). */
export const WORD_SCHEDULE_HEADINGS: Record<TemplateLanguage, string[]> = {
  ka: ['№', 'გადახდის თარიღი', 'თანხა', 'ვალუტა'],
  en: ['No.', 'Due date', 'Amount', 'Currency'],
  ru: ['№', 'Дата платежа', 'Сумма', 'Валюта'],
};

const schedule: Block = { schedule: true };

const ka = {
  parties:
    'ერთი მხრივ, {company_name} (საიდენტიფიკაციო კოდი {company_id}, იურიდიული მისამართი: {company_address}), ' +
    'რომელსაც წარმოადგენს დირექტორი {company_director} (შემდგომში „გამყიდველი“), და მეორე მხრივ, {customer_name} ' +
    '(პირადი ნომერი ან საიდენტიფიკაციო კოდი {customer_pn}, მისამართი: {customer_address}) (შემდგომში „მყიდველი“), ' +
    'ერთად „მხარეები“, ვდებთ წინამდებარე ხელშეკრულებას შემდეგზე:',
  object:
    '{property_type} № {property_num}, სართული {property_floor_num}, საერთო ფართი {property_total_area} კვ.მ, ' +
    'საცხოვრებელ კომპლექსში „{complex_name}“, ბლოკი {complex_block}, მისამართი: {complex_address}',
  seller: [
    '**გამყიდველი:** {company_name}, ს/კ {company_id}',
    'მისამართი: {company_address}',
    'ტელეფონი: {company_phone}, ელ. ფოსტა: {company_email}',
  ].join('\n'),
  buyer: [
    '**მყიდველი:** {customer_name}, პ/ნ {customer_pn}',
    'მისამართი: {customer_address}',
    'ტელეფონი: {customer_phone}, ელ. ფოსტა: {customer_email}',
  ].join('\n'),
  disputes:
    'ხელშეკრულებიდან გამომდინარე დავები წყდება მოლაპარაკებით, ხოლო შეთანხმების მიუღწევლობის შემთხვევაში – ' +
    'საქართველოს კანონმდებლობით დადგენილი წესით, სასამართლოს მეშვეობით.',
  copies:
    'ხელშეკრულება შედგენილია ქართულ ენაზე, ორ თანაბარი იურიდიული ძალის მქონე ეგზემპლარად, რომელთაგან თითო ' +
    'ინახება თითოეულ მხარესთან.',
};

const kaContract: Block[] = [
  { title: 'უძრავი ქონების ნასყიდობის ხელშეკრულება № {contract_no}' },
  { centre: 'ქ. თბილისი, {contract_start_date}' },
  { text: ka.parties },
  { heading: '1. ხელშეკრულების საგანი' },
  {
    text:
      '1.1. გამყიდველი მყიდველს საკუთრებაში გადასცემს, ხოლო მყიდველი იძენს შემდეგ უძრავ ქონებას (შემდგომში ' +
      `„ობიექტი“): ${ka.object}.`,
  },
  { text: '1.2. ობიექტის საკადასტრო კოდი: {property_cad_code}; მიწის ნაკვეთის საკადასტრო კოდი: {complex_cad_code}.' },
  { text: '1.3. ობიექტი გადაეცემა მდგომარეობაში: {property_state}. ობიექტის მახასიათებლები: {property_features}.' },
  { heading: '2. ფასი და ანგარიშსწორების წესი' },
  { text: '2.1. ობიექტის ღირებულებაა {property_price} ({property_wprice}).' },
  {
    text:
      '2.2. ანგარიშსწორება ხდება ხელშეკრულების ვალუტაში ({contract_currency}), გამყიდველის საბანკო ანგარიშზე ' +
      'უნაღდო გადარიცხვით. გადახდის დღედ ითვლება თანხის გამყიდველის ანგარიშზე ჩარიცხვის დღე.',
  },
  { text: '2.3. მყიდველი ობიექტის ღირებულებას იხდის განვადებით, შემდეგი გრაფიკის მიხედვით:' },
  schedule,
  {
    text:
      '2.4. გრაფიკით დადგენილი ვადის გადაცილებისას მყიდველი იხდის პირგასამტეხლოს ვადაგადაცილებული თანხის 0,1%-ის ' +
      'ოდენობით ყოველ ვადაგადაცილებულ დღეზე.',
  },
  { text: '2.5. მყიდველს უფლება აქვს, ღირებულება გრაფიკით დადგენილ ვადებზე ადრე, ნაწილობრივ ან სრულად გადაიხადოს.' },
  { heading: '3. მხარეთა უფლებები და მოვალეობები' },
  {
    text:
      '3.1. გამყიდველი ვალდებულია, დაასრულოს მშენებლობა და ობიექტი მყიდველს მიღება-ჩაბარების აქტით გადასცეს ' +
      'არაუგვიანეს {contract_end_date}.',
  },
  {
    text:
      '3.2. მყიდველი ვალდებულია, ობიექტის ღირებულება გადაიხადოს დროულად და სრულად, წინამდებარე ხელშეკრულების ' +
      'მე-2 მუხლის შესაბამისად.',
  },
  {
    text:
      '3.3. ობიექტზე საკუთრების უფლება მყიდველს წარმოეშობა ღირებულების სრულად გადახდისა და საჯარო რეესტრში ' +
      'რეგისტრაციის შემდეგ. რეგისტრაციისთვის საჭირო დოკუმენტებს გამყიდველი წარადგენს სრულად გადახდიდან 30 დღის ვადაში.',
  },
  {
    text:
      '3.4. გადახდის ვადის 60 დღეზე მეტით გადაცილებისას გამყიდველს უფლება აქვს, ცალმხრივად შეწყვიტოს ' +
      'ხელშეკრულება, რის შესახებაც მყიდველს წერილობით აცნობებს.',
  },
  { heading: '4. დასკვნითი დებულებები' },
  {
    text:
      '4.1. ხელშეკრულება ძალაში შედის ხელმოწერის დღიდან და მოქმედებს მხარეთა მიერ ვალდებულებების სრულად ' +
      'შესრულებამდე.',
  },
  { text: '4.2. ხელშეკრულებაში ცვლილებები შეიძლება შევიდეს მხოლოდ მხარეთა წერილობითი შეთანხმებით.' },
  { text: `4.3. ${ka.disputes}` },
  { text: `4.4. ${ka.copies}` },
  { heading: '5. მხარეთა რეკვიზიტები და ხელმოწერები' },
  { text: ka.seller },
  { signature: 'დირექტორი: {company_director}' },
  { text: ka.buyer },
  { signature: 'მყიდველი: {customer_name}' },
];

const kaPreContract: Block[] = [
  { title: 'უძრავი ქონების ნასყიდობის წინარე ხელშეკრულება № {contract_no}' },
  { centre: 'ქ. თბილისი, {contract_start_date}' },
  { text: ka.parties },
  { heading: '1. ხელშეკრულების საგანი' },
  {
    text:
      '1.1. მხარეები კისრულობენ ვალდებულებას, მშენებლობის დასრულების შემდეგ, არაუგვიანეს {contract_end_date}, ' +
      `დადონ ძირითადი ნასყიდობის ხელშეკრულება შემდეგ უძრავ ქონებაზე (შემდგომში „ობიექტი“): ${ka.object}.`,
  },
  { text: '1.2. ობიექტი გადაეცემა მდგომარეობაში: {property_state}. ობიექტის მახასიათებლები: {property_features}.' },
  { heading: '2. ფასი და წინასწარი გადახდები' },
  {
    text:
      '2.1. ობიექტის ღირებულებაა {property_price} ({property_wprice}). ღირებულება ძირითადი ხელშეკრულების ' +
      'დადებამდე არ იცვლება.',
  },
  { text: '2.2. მყიდველი ღირებულებას წინასწარ, ნაწილ-ნაწილ იხდის შემდეგი გრაფიკის მიხედვით:' },
  schedule,
  { text: '2.3. წინასწარ გადახდილი თანხები ძირითადი ხელშეკრულებით განსაზღვრულ ღირებულებაში ჩაითვლება.' },
  { heading: '3. მხარეთა ვალდებულებები' },
  { text: '3.1. გამყიდველი ვალდებულია, ძირითადი ხელშეკრულების დადებამდე ობიექტი არ გაასხვისოს და არ დატვირთოს.' },
  { text: '3.2. მყიდველი ვალდებულია, გადახდები განახორციელოს გრაფიკით დადგენილ ვადებში.' },
  {
    text:
      '3.3. თუ ძირითადი ხელშეკრულება გამყიდველის ბრალით არ დაიდება, გამყიდველი მყიდველს 30 დღის ვადაში ' +
      'დაუბრუნებს მის მიერ გადახდილ მთლიან თანხას.',
  },
  { heading: '4. დასკვნითი დებულებები' },
  { text: '4.1. ხელშეკრულება ძალაში შედის ხელმოწერის დღიდან და მოქმედებს ძირითადი ხელშეკრულების დადებამდე.' },
  { text: `4.2. ${ka.disputes}` },
  { text: `4.3. ${ka.copies}` },
  { heading: '5. მხარეთა რეკვიზიტები და ხელმოწერები' },
  { text: ka.seller },
  { signature: 'დირექტორი: {company_director}' },
  { text: ka.buyer },
  { signature: 'მყიდველი: {customer_name}' },
];

const kaSchedule: Block[] = [
  { title: 'გადახდების გრაფიკი' },
  { centre: 'უძრავი ქონების ნასყიდობის ხელშეკრულების № {contract_no} ({contract_start_date}) დანართი' },
  { text: '**გამყიდველი:** {company_name}, ს/კ {company_id}' },
  { text: '**მყიდველი:** {customer_name}, პ/ნ {customer_pn}' },
  { text: `**ობიექტი:** ${ka.object}` },
  { text: '**ღირებულება:** {property_price} ({property_wprice})' },
  schedule,
  {
    text:
      'თანხა გადაიხდება გამყიდველის საბანკო ანგარიშზე გრაფიკით დადგენილ თარიღამდე. გადახდის დანიშნულებაში ' +
      'მიუთითეთ ხელშეკრულების ნომერი: {contract_no}.',
  },
  { signature: 'გამყიდველი: {company_director}' },
  { signature: 'მყიდველი: {customer_name}' },
];

const kaInvoice: Block[] = [
  { title: 'ინვოისი' },
  { centre: 'ხელშეკრულება № {contract_no}, {contract_start_date}' },
  {
    text: [
      '**მიმწოდებელი:** {company_name}',
      'საიდენტიფიკაციო კოდი: {company_id}',
      'მისამართი: {company_address}',
      'ტელეფონი: {company_phone}, ელ. ფოსტა: {company_email}',
    ].join('\n'),
  },
  {
    text: [
      '**გადამხდელი:** {customer_name}',
      'პირადი ნომერი: {customer_pn}',
      'მისამართი: {customer_address}',
      'ტელეფონი: {customer_phone}',
    ].join('\n'),
  },
  { text: `**გადახდის საგანი:** ${ka.object}.` },
  { text: '**ხელშეკრულების ღირებულება:** {property_price} ({property_wprice})' },
  { text: 'გადასახდელი თანხები და მათი ვადები:' },
  schedule,
  {
    text:
      'გთხოვთ, თანხა გადაიხადოთ მითითებულ ვადებში; გადახდის დანიშნულებაში მიუთითეთ ხელშეკრულების ნომერი: ' +
      '{contract_no}.',
  },
  { signature: 'დირექტორი: {company_director}' },
];

const en = {
  parties:
    '{company_name} (identification code {company_id}, registered address: {company_address}), represented by its ' +
    'director {company_director} (the “Seller”), and {customer_name} (personal number or identification code ' +
    '{customer_pn}, address: {customer_address}) (the “Buyer”), together the “Parties”, have agreed as follows:',
  object:
    '{property_type} No. {property_num}, floor {property_floor_num}, total area {property_total_area} sq. m, in the ' +
    'residential complex “{complex_name}”, block {complex_block}, at {complex_address}',
  seller: [
    '**Seller:** {company_name}, identification code {company_id}',
    'Address: {company_address}',
    'Phone: {company_phone}, email: {company_email}',
  ].join('\n'),
  buyer: [
    '**Buyer:** {customer_name}, personal number {customer_pn}',
    'Address: {customer_address}',
    'Phone: {customer_phone}, email: {customer_email}',
  ].join('\n'),
  disputes:
    'Disputes arising from this agreement are settled by negotiation and, failing agreement, by the courts in the ' +
    'manner set by the legislation of Georgia.',
};

const enContract: Block[] = [
  { title: 'Real estate sale and purchase agreement No. {contract_no}' },
  { centre: 'Tbilisi, {contract_start_date}' },
  { text: en.parties },
  { heading: '1. Subject of the agreement' },
  {
    text:
      '1.1. The Seller transfers to the Buyer, and the Buyer acquires, the following property (the “Property”): ' +
      `${en.object}.`,
  },
  { text: '1.2. Cadastral code of the Property: {property_cad_code}; cadastral code of the land: {complex_cad_code}.' },
  { text: '1.3. The Property is handed over in the following state: {property_state}. Features: {property_features}.' },
  { heading: '2. Price and payment' },
  { text: '2.1. The price of the Property is {property_price} ({property_wprice}).' },
  {
    text:
      '2.2. Payments are made in the currency of the agreement ({contract_currency}) by bank transfer to the ' +
      'Seller’s account. A payment is made on the day the amount reaches the Seller’s account.',
  },
  { text: '2.3. The Buyer pays the price in installments according to the following schedule:' },
  schedule,
  { text: '2.4. For a late installment the Buyer pays a penalty of 0.1% of the overdue amount for each day of delay.' },
  { text: '2.5. The Buyer may pay the price ahead of the schedule, in part or in full.' },
  { heading: '3. Rights and obligations of the Parties' },
  {
    text:
      '3.1. The Seller completes the construction and hands the Property over to the Buyer with a certificate of ' +
      'acceptance no later than {contract_end_date}.',
  },
  { text: '3.2. The Buyer pays the price on time and in full, as set in article 2 of this agreement.' },
  {
    text:
      '3.3. The Buyer becomes the owner of the Property once the price is paid in full and the ownership is ' +
      'registered in the Public Registry; the Seller files the documents within 30 days of the full payment.',
  },
  {
    text:
      '3.4. When a payment is more than 60 days late, the Seller may terminate this agreement by written notice to ' +
      'the Buyer.',
  },
  { heading: '4. Final provisions' },
  {
    text: '4.1. This agreement takes effect on signature and lasts until the Parties have fulfilled their obligations.',
  },
  { text: '4.2. This agreement may be changed only by a written agreement of the Parties.' },
  { text: `4.3. ${en.disputes}` },
  { text: '4.4. This agreement is made in English in two copies of equal legal force, one for each Party.' },
  { heading: '5. Details and signatures of the Parties' },
  { text: en.seller },
  { signature: 'Director: {company_director}' },
  { text: en.buyer },
  { signature: 'Buyer: {customer_name}' },
];

const enPreContract: Block[] = [
  { title: 'Real estate preliminary sale agreement No. {contract_no}' },
  { centre: 'Tbilisi, {contract_start_date}' },
  { text: en.parties },
  { heading: '1. Subject of the agreement' },
  {
    text:
      '1.1. Once the construction is complete, and no later than {contract_end_date}, the Parties conclude the main ' +
      `sale and purchase agreement for the following property (the “Property”): ${en.object}.`,
  },
  { text: '1.2. The Property is handed over in the following state: {property_state}. Features: {property_features}.' },
  { heading: '2. Price and advance payments' },
  {
    text:
      '2.1. The price of the Property is {property_price} ({property_wprice}); it does not change until the main ' +
      'agreement is concluded.',
  },
  { text: '2.2. The Buyer pays the price in advance, in parts, according to the following schedule:' },
  schedule,
  { text: '2.3. The amounts paid in advance count towards the price set in the main agreement.' },
  { heading: '3. Obligations of the Parties' },
  { text: '3.1. Until the main agreement is concluded, the Seller neither sells nor encumbers the Property.' },
  { text: '3.2. The Buyer makes the payments by the dates of the schedule.' },
  {
    text:
      '3.3. If the main agreement is not concluded through the Seller’s fault, the Seller returns everything the ' +
      'Buyer has paid within 30 days.',
  },
  { heading: '4. Final provisions' },
  { text: '4.1. This agreement takes effect on signature and lasts until the main agreement is concluded.' },
  { text: `4.2. ${en.disputes}` },
  { text: '4.3. This agreement is made in English in two copies of equal legal force, one for each Party.' },
  { heading: '5. Details and signatures of the Parties' },
  { text: en.seller },
  { signature: 'Director: {company_director}' },
  { text: en.buyer },
  { signature: 'Buyer: {customer_name}' },
];

const enSchedule: Block[] = [
  { title: 'Payment schedule' },
  { centre: 'Annex to the sale and purchase agreement No. {contract_no} of {contract_start_date}' },
  { text: '**Seller:** {company_name}, identification code {company_id}' },
  { text: '**Buyer:** {customer_name}, personal number {customer_pn}' },
  { text: `**Property:** ${en.object}` },
  { text: '**Price:** {property_price} ({property_wprice})' },
  schedule,
  {
    text:
      'Each amount is paid to the Seller’s bank account by its due date. Please quote the agreement number ' +
      '{contract_no} as the purpose of the payment.',
  },
  { signature: 'Seller: {company_director}' },
  { signature: 'Buyer: {customer_name}' },
];

const enInvoice: Block[] = [
  { title: 'Invoice' },
  { centre: 'Agreement No. {contract_no} of {contract_start_date}' },
  {
    text: [
      '**Supplier:** {company_name}',
      'Identification code: {company_id}',
      'Address: {company_address}',
      'Phone: {company_phone}, email: {company_email}',
    ].join('\n'),
  },
  {
    text: [
      '**Payer:** {customer_name}',
      'Personal number: {customer_pn}',
      'Address: {customer_address}',
      'Phone: {customer_phone}',
    ].join('\n'),
  },
  { text: `**For:** ${en.object}.` },
  { text: '**Agreement price:** {property_price} ({property_wprice})' },
  { text: 'Amounts to pay and their due dates:' },
  schedule,
  { text: 'Please pay each amount by its due date, quoting the agreement number {contract_no}.' },
  { signature: 'Director: {company_director}' },
];

const ru = {
  parties:
    '{company_name} (идентификационный код {company_id}, юридический адрес: {company_address}), от имени которого ' +
    'действует директор {company_director} (далее – «Продавец»), с одной стороны, и {customer_name} (личный номер ' +
    'или идентификационный код {customer_pn}, адрес: {customer_address}) (далее – «Покупатель»), с другой стороны, ' +
    'вместе – «Стороны», заключили настоящий договор о нижеследующем:',
  object:
    '{property_type} № {property_num}, этаж {property_floor_num}, общая площадь {property_total_area} кв. м, ' +
    'в жилом комплексе «{complex_name}», блок {complex_block}, адрес: {complex_address}',
  seller: [
    '**Продавец:** {company_name}, ИК {company_id}',
    'Адрес: {company_address}',
    'Телефон: {company_phone}, эл. почта: {company_email}',
  ].join('\n'),
  buyer: [
    '**Покупатель:** {customer_name}, личный номер {customer_pn}',
    'Адрес: {customer_address}',
    'Телефон: {customer_phone}, эл. почта: {customer_email}',
  ].join('\n'),
  disputes:
    'Споры по настоящему договору разрешаются путём переговоров, а при недостижении согласия – в суде, в порядке, ' +
    'установленном законодательством Грузии.',
};

const ruContract: Block[] = [
  { title: 'Договор купли-продажи недвижимого имущества № {contract_no}' },
  { centre: 'г. Тбилиси, {contract_start_date}' },
  { text: ru.parties },
  { heading: '1. Предмет договора' },
  {
    text:
      '1.1. Продавец передаёт в собственность Покупателя, а Покупатель приобретает следующий объект недвижимости ' +
      `(далее – «Объект»): ${ru.object}.`,
  },
  {
    text: '1.2. Кадастровый код Объекта: {property_cad_code}; кадастровый код земельного участка: {complex_cad_code}.',
  },
  { text: '1.3. Объект передаётся в состоянии: {property_state}. Характеристики Объекта: {property_features}.' },
  { heading: '2. Цена и порядок расчётов' },
  { text: '2.1. Стоимость Объекта составляет {property_price} ({property_wprice}).' },
  {
    text:
      '2.2. Расчёты производятся в валюте договора ({contract_currency}) безналичным переводом на банковский счёт ' +
      'Продавца. Днём оплаты считается день зачисления суммы на счёт Продавца.',
  },
  { text: '2.3. Покупатель оплачивает стоимость Объекта в рассрочку по следующему графику:' },
  schedule,
  {
    text:
      '2.4. За просрочку платежа Покупатель уплачивает неустойку в размере 0,1% от просроченной суммы за каждый ' +
      'день просрочки.',
  },
  { text: '2.5. Покупатель вправе оплатить стоимость досрочно, полностью или частично.' },
  { heading: '3. Права и обязанности сторон' },
  {
    text:
      '3.1. Продавец обязуется завершить строительство и передать Объект Покупателю по акту приёма-передачи не ' +
      'позднее {contract_end_date}.',
  },
  { text: '3.2. Покупатель обязуется своевременно и в полном объёме оплатить стоимость Объекта согласно статье 2.' },
  {
    text:
      '3.3. Право собственности на Объект возникает у Покупателя после полной оплаты и регистрации в Публичном ' +
      'реестре; Продавец представляет документы для регистрации в течение 30 дней после полной оплаты.',
  },
  {
    text:
      '3.4. При просрочке платежа более чем на 60 дней Продавец вправе в одностороннем порядке расторгнуть договор, ' +
      'письменно уведомив Покупателя.',
  },
  { heading: '4. Заключительные положения' },
  { text: '4.1. Договор вступает в силу с момента подписания и действует до полного исполнения обязательств.' },
  { text: '4.2. Изменения в договор вносятся только по письменному соглашению Сторон.' },
  { text: `4.3. ${ru.disputes}` },
  {
    text:
      '4.4. Договор составлен на русском языке в двух экземплярах равной юридической силы, по одному для каждой ' +
      'Стороны.',
  },
  { heading: '5. Реквизиты и подписи сторон' },
  { text: ru.seller },
  { signature: 'Директор: {company_director}' },
  { text: ru.buyer },
  { signature: 'Покупатель: {customer_name}' },
];

const ruPreContract: Block[] = [
  { title: 'Предварительный договор купли-продажи недвижимого имущества № {contract_no}' },
  { centre: 'г. Тбилиси, {contract_start_date}' },
  { text: ru.parties },
  { heading: '1. Предмет договора' },
  {
    text:
      '1.1. Стороны обязуются после завершения строительства, не позднее {contract_end_date}, заключить основной ' +
      `договор купли-продажи следующего объекта недвижимости (далее – «Объект»): ${ru.object}.`,
  },
  { text: '1.2. Объект передаётся в состоянии: {property_state}. Характеристики Объекта: {property_features}.' },
  { heading: '2. Цена и предварительные платежи' },
  {
    text:
      '2.1. Стоимость Объекта составляет {property_price} ({property_wprice}) и не меняется до заключения ' +
      'основного договора.',
  },
  { text: '2.2. Покупатель вносит стоимость заранее, частями, по следующему графику:' },
  schedule,
  { text: '2.3. Суммы, внесённые заранее, засчитываются в стоимость по основному договору.' },
  { heading: '3. Обязанности сторон' },
  { text: '3.1. До заключения основного договора Продавец не отчуждает и не обременяет Объект.' },
  { text: '3.2. Покупатель вносит платежи в сроки, установленные графиком.' },
  {
    text:
      '3.3. Если основной договор не будет заключён по вине Продавца, Продавец возвращает Покупателю всю внесённую ' +
      'сумму в течение 30 дней.',
  },
  { heading: '4. Заключительные положения' },
  { text: '4.1. Договор вступает в силу с момента подписания и действует до заключения основного договора.' },
  { text: `4.2. ${ru.disputes}` },
  {
    text:
      '4.3. Договор составлен на русском языке в двух экземплярах равной юридической силы, по одному для каждой ' +
      'Стороны.',
  },
  { heading: '5. Реквизиты и подписи сторон' },
  { text: ru.seller },
  { signature: 'Директор: {company_director}' },
  { text: ru.buyer },
  { signature: 'Покупатель: {customer_name}' },
];

const ruSchedule: Block[] = [
  { title: 'График платежей' },
  { centre: 'Приложение к договору купли-продажи № {contract_no} от {contract_start_date}' },
  { text: '**Продавец:** {company_name}, ИК {company_id}' },
  { text: '**Покупатель:** {customer_name}, личный номер {customer_pn}' },
  { text: `**Объект:** ${ru.object}` },
  { text: '**Стоимость:** {property_price} ({property_wprice})' },
  schedule,
  {
    text:
      'Каждая сумма вносится на банковский счёт Продавца не позднее указанной даты. В назначении платежа укажите ' +
      'номер договора: {contract_no}.',
  },
  { signature: 'Продавец: {company_director}' },
  { signature: 'Покупатель: {customer_name}' },
];

const ruInvoice: Block[] = [
  { title: 'Счёт на оплату' },
  { centre: 'Договор № {contract_no} от {contract_start_date}' },
  {
    text: [
      '**Поставщик:** {company_name}',
      'Идентификационный код: {company_id}',
      'Адрес: {company_address}',
      'Телефон: {company_phone}, эл. почта: {company_email}',
    ].join('\n'),
  },
  {
    text: [
      '**Плательщик:** {customer_name}',
      'Личный номер: {customer_pn}',
      'Адрес: {customer_address}',
      'Телефон: {customer_phone}',
    ].join('\n'),
  },
  { text: `**Назначение:** ${ru.object}.` },
  { text: '**Стоимость по договору:** {property_price} ({property_wprice})' },
  { text: 'Суммы к оплате и сроки:' },
  schedule,
  { text: 'Просим вносить суммы в указанные сроки, указывая в назначении платежа номер договора {contract_no}.' },
  { signature: 'Директор: {company_director}' },
];

/** Every demo document by kind and language. */
export const DEMO_DOCUMENTS: Record<SeededKind, Record<TemplateLanguage, SeededDocument>> = {
  contract: {
    ka: { name: 'ნასყიდობის ხელშეკრულება', blocks: kaContract },
    en: { name: 'Sale and purchase agreement', blocks: enContract },
    ru: { name: 'Договор купли-продажи', blocks: ruContract },
  },
  pre_contract: {
    ka: { name: 'წინარე ხელშეკრულება', blocks: kaPreContract },
    en: { name: 'Preliminary agreement', blocks: enPreContract },
    ru: { name: 'Предварительный договор', blocks: ruPreContract },
  },
  payment_schedule: {
    ka: { name: 'გადახდების გრაფიკი', blocks: kaSchedule },
    en: { name: 'Payment schedule', blocks: enSchedule },
    ru: { name: 'График платежей', blocks: ruSchedule },
  },
  invoice: {
    ka: { name: 'ინვოისი', blocks: kaInvoice },
    en: { name: 'Invoice', blocks: enInvoice },
    ru: { name: 'Счёт на оплату', blocks: ruInvoice },
  },
};

/** The demo's Word template: the Georgian contract, its schedule a table row that repeats. */
export const DEMO_WORD_CONTRACT = {
  name: 'ნასყიდობის ხელშეკრულება (Word)',
  language: 'ka' as const,
  blocks: kaContract,
};
