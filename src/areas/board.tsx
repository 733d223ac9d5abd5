import { lazy } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import { BOARD_PATH } from '../pages/board';
import type { AreaScreens } from './types';

const BoardPage = lazy(() => import('../pages/board/BoardPage').then((m) => ({ default: m.BoardPage })));

/**
 * The board area's screens: the availability board at /properties/board (opened by anyone who may open /properties).
 */
export const board: AreaScreens = {
  resources: [],
  routes: [
    {
      path: BOARD_PATH,
      element: (
        <RequireAccess path="/properties">
          <BoardPage />
        </RequireAccess>
      ),
    },
  ],
  built: [BOARD_PATH],
};
