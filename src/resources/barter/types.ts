import type { Barter, BarterDetail, BarterUnit } from '../../../domain/contracts/deals';
export type { BarterUnit } from '../../../domain/contracts/deals';

/** A barter as the list rows answer it; its record adds its units' ids. */
export type BarterRecord = Barter & Partial<Pick<BarterDetail, 'property_ids'>>;

/** 'ვაკის პარკი, A, №12': how the barter screens name a unit. */
export const unitName = (u: Pick<BarterUnit, 'building_name' | 'block_name' | 'no'>) =>
  [u.building_name, u.block_name, `№${u.no}`].filter(Boolean).join(', ');
