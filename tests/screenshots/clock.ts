/** The moment the screenshots are taken at, on the server and in the browser: a Monday noon in Tbilisi. */
export const FROZEN_NOW = '2026-11-16T08:00:00.000Z';
export const TIME_ZONE = 'Asia/Tbilisi';
