import type { PropertyState, PropertyStatus, PropertyType, PropertyView } from '../../../domain/inventory';
import type { Currency } from '../../../domain/money';
import type { ListQuery } from '../../core/paging';

/** What the unit calls take, as their routes have read it. */
export interface PropertyInput {
  building_id: number;
  block_id?: number | null;
  no: string;
  floor: number;
  area: number;
  rooms?: number | null;
  type?: PropertyType;
  state?: PropertyState;
  view?: PropertyView | null;
  status?: PropertyStatus;
  price_per_m2?: number | null;
  price?: number | null;
  currency?: Currency;
  cad_code?: string | null;
  description?: string | null;
  features?: number[];
}

export interface PropertyFilters extends ListQuery {
  building_id?: number[];
  buildings?: number[];
  block_id?: number[];
  floor?: number;
  floor_from?: number;
  floor_to?: number;
  status?: PropertyStatus[];
  state?: PropertyState[];
  type?: PropertyType[];
  view?: PropertyView[];
  rooms?: number[];
  area_from?: number;
  area_to?: number;
  price_from?: number;
  price_to?: number;
  no?: string;
  archived?: boolean;
}

export interface SplitPart {
  no: string;
  area: number;
  rooms?: number | null;
  price_per_m2?: number | null;
}
