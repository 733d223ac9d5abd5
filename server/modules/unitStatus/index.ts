/**
 * The front door of the unit-status module: a unit claimed by a deal and released again, units out of step with
 * their deals and the start-up step that gives back those a status-only conversion stranded.
 */
export { claimUnit, claimUnits, releaseStrandedUnits, releaseUnit, unitsOutOfStep } from './unitStatus';
/** The payments repository's old name for today's business date (domain/businessDay's businessToday). */
