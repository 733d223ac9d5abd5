/**
 * The front door of the unit-status module: a unit claimed by a deal and released again, units out of step with
 * their deals and the start-up step that gives back those a status-only conversion stranded, and today's date.
 */
export { claimUnit, claimUnits, releaseStrandedUnits, releaseUnit, todayIso, unitsOutOfStep } from './unitStatus';
