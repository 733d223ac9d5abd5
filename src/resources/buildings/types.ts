import type { Building as BuildingRow, BuildingDetail } from '../../../domain/contracts/sites';
export type { Block } from '../../../domain/contracts/sites';

/** A complex as GET /buildings lists it; GET /buildings/{id} adds its bank accounts. */
export type Building = BuildingRow & Partial<Pick<BuildingDetail, 'bank_accounts'>>;
