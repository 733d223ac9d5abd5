/** The database schema, one file per area; `from '../db/schema'` reads all of it. */
export * from './sites';
export * from './units';
export * from './users';
export * from './system';
export * from './customers';
export * from './deals';
export * from './sales';
export * from './services';
export * from './notifications';
export * from './work';
export * from './bonuses';
export * from './customFields';
export * from './templates';
