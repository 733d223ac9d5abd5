/** The front door of the unit-status module: a unit claimed by a deal and released again, and today's date. */
export { claimUnit, claimUnits, releaseUnit, todayIso } from './unitStatus';
