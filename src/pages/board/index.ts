/**
 * The availability board: the page (lazy-loaded by src/areas/board.tsx) and a button other screens place to open it.
 */
export { BoardButton, BOARD_PATH } from './BoardButton';
