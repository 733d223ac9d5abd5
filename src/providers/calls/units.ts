import type { Identifier } from 'react-admin';
import type { Board, BoardBuilding } from '../../../domain/contracts/board';
import type { PropertyRanges } from '../../../domain/contracts/properties';
import { api } from '../httpClient';
import { dataOf, done } from './answers';

/** Units and the board. */
export const unitCalls = {
  splitUnit: (unitId: Identifier, split: Record<string, unknown>) =>
    done(api(`/properties/split/${unitId}`, { method: 'POST', body: split })),
  /** The ends of the units list's range sliders: area, price and floor over the units in scope (of some complexes). */
  propertyRanges: (buildingIds: readonly Identifier[] = []) =>
    dataOf(
      api<{ data: PropertyRanges }>('/properties/ranges', {
        query: new URLSearchParams(buildingIds.map((id) => ['building_id', String(id)])),
      }),
    ),
  boardBuildings: () => dataOf(api<{ data: BoardBuilding[] }>('/board')),
  board: (buildingId: Identifier, query: URLSearchParams) =>
    dataOf(api<{ data: Board }>(`/board/${buildingId}`, { query })),
  changeReservationStatus: (reservationId: Identifier, status: string) =>
    done(api(`/pre-sale-bookings/${reservationId}/change-status`, { method: 'POST', body: { status } })),
};
