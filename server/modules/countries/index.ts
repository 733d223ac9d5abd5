/** The front door of the countries module: other modules, areas and seeds import it only from here. */
export { default as countriesRoutes } from './routes';
export { countryList } from './catalogue';
