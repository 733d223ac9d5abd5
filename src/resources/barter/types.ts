export interface BarterUnit {
  id: number;
  no: string;
  building_id: number;
  building_name: string;
  block_id: number | null;
  block_name: string | null;
  floor: number;
  area: number;
  price: number | null;
  currency: string;
  status: string;
}

export interface BarterRecord {
  id: number;
  counterparty: string;
  customer_id: number | null;
  customer_name: string | null;
  description: string | null;
  value: number;
  currency: string;
  agreed_on: string;
  status: string;
  units: BarterUnit[];
  property_ids?: number[];
}

/** 'ვაკის პარკი, A, №12': how the barter screens name a unit. */
export const unitName = (u: Pick<BarterUnit, 'building_name' | 'block_name' | 'no'>) =>
  [u.building_name, u.block_name, `№${u.no}`].filter(Boolean).join(', ');
