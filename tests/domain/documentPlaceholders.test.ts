import { describe, expect, it } from 'vitest';
import {
  CONTRACT_PLACEHOLDERS,
  fillHtml,
  fillPlaceholders,
  MISSING_VALUE,
  placeholdersIn,
  type ContractData,
} from '../../domain/documentPlaceholders';

const data = (over: Partial<ContractData> = {}): ContractData => ({
  company: {
    name: 'Demo Development',
    id: '405000001',
    director: 'G. Beridze',
    phone: '+995 32 200 00 00',
    email: 'info@demo.ge',
    address: 'Tbilisi',
  },
  contract: { no: 'S-000123', startDate: '2027-03-05', endDate: null, currency: 'USD', price: 12_345_678 },
  schedule: [
    { number: 1, dueDate: '2027-04-05', amount: 6_172_839 },
    { number: 2, dueDate: '2027-05-05', amount: 6_172_839 },
  ],
  customer: { name: 'Nino Beridze', pn: '01001012345', address: null, phone: '+995 555 12 34 56', email: null },
  units: [
    {
      no: '12',
      floor: 3,
      area: 54.5,
      type: 'apartment',
      state: 'white_frame',
      cadCode: null,
      block: 'A',
      features: ['Balcony'],
    },
    {
      no: 'P4',
      floor: -1,
      area: 12,
      type: 'parking',
      state: 'black_frame',
      cadCode: '01.10.12.004',
      block: 'A',
      features: [],
    },
  ],
  complex: { name: 'Vake Park', cadCode: '01.10.12', address: 'Vake', director: 'L. Abashidze', facsimileUrl: null },
  custom: { parking_spot: 'P4', notary: '' },
  ...over,
});

const labels = (vocabulary: string, value: string) => `${vocabulary}:${value}`;

describe('fillPlaceholders', () => {
  const filled = fillPlaceholders(data(), { locale: 'en', dateFormat: 'DD.MM.YYYY', label: labels });

  it('gives every placeholder a text: dates in the chosen format, money with separators and two decimals', () => {
    for (const name of CONTRACT_PLACEHOLDERS) expect(filled.values[name], name).toBeTypeOf('string');
    expect(filled.values.contract_start_date).toBe('05.03.2027');
    expect(filled.values.property_price).toBe('123,456.78 USD');
    expect(filled.values.property_wprice).toMatch(/^one hundred twenty-three thousand four hundred fifty-six dollars/);
    expect(filled.values.property_total_area).toBe('66.50');
    expect(filled.values.property_num).toBe('12, P4');
    expect(filled.values.property_floor_num).toBe('3, -1');
    expect(filled.values.property_type).toBe('property_type:apartment, property_type:parking');
    expect(filled.values.complex_block).toBe('A');
    expect(filled.values.property_cad_code).toBe('01.10.12.004');
    expect(filled.values.parking_spot).toBe('P4');
  });

  it('leaves a missing value visibly empty and lists it, never "undefined" or the placeholder', () => {
    expect(filled.missing).toEqual(
      expect.arrayContaining([
        'customer_address',
        'customer_email',
        'contract_end_date',
        'complex_director_facsimile',
        'notary',
      ]),
    );
    expect(filled.missing).not.toContain('customer_name');
    for (const name of filled.missing) expect(filled.values[name]).toBe(MISSING_VALUE);
    expect(Object.values(filled.values).join(' ')).not.toMatch(/undefined|null|\{/);
  });

  it('makes one schedule row per installment', () => {
    expect(filled.schedule).toEqual([
      { number: '1', due_date: '05.04.2027', amount: '61,728.39', amount_words: expect.any(String), currency: 'USD' },
      { number: '2', due_date: '05.05.2027', amount: '61,728.39', amount_words: expect.any(String), currency: 'USD' },
    ]);
  });

  it('writes the amount in words in the template language and follows the date format', () => {
    const ka = fillPlaceholders(data(), { locale: 'ka', dateFormat: 'YYYY-MM-DD', label: labels });
    expect(ka.values.property_wprice).toMatch(/[ა-ჰ]/);
    expect(ka.values.contract_start_date).toBe('2027-03-05');
    const ru = fillPlaceholders(data(), { locale: 'ru', dateFormat: 'M/D/YYYY', label: labels });
    expect(ru.values.property_wprice).toMatch(/доллар/);
    expect(ru.values.contract_start_date).toBe('3/5/2027');
  });
});

describe('fillHtml', () => {
  const filled = fillPlaceholders(data(), { locale: 'en', dateFormat: 'DD.MM.YYYY', label: labels });
  const headings = { number: 'No.', due_date: 'Due', amount: 'Amount' };

  it('fills a rich-text body, escaping the values, and puts the schedule table in place', () => {
    const hostile = fillPlaceholders(data({ customer: { ...data().customer, name: '<b>Nino</b> & co' } }), {
      locale: 'en',
      dateFormat: 'DD.MM.YYYY',
      label: labels,
    });
    const { html, unknown } = fillHtml(
      '<p>Buyer: <span style="color:#d32f2f">{customer_name}</span></p>{payment_schedule}',
      hostile,
      headings,
    );
    expect(html).toContain('Buyer: <span style="color:#d32f2f">&lt;b&gt;Nino&lt;/b&gt; &amp; co</span>');
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(unknown).toEqual([]);
  });

  it('leaves an unknown placeholder as written and names it', () => {
    const { html, unknown } = fillHtml('<p>{customer_nickname} {contract_no}</p>', filled, headings);
    expect(html).toBe('<p>{customer_nickname} S-000123</p>');
    expect(unknown).toEqual(['customer_nickname']);
    expect(placeholdersIn('<p>{a_b} {c} {a_b}</p>')).toEqual(['a_b', 'c']);
  });
});
