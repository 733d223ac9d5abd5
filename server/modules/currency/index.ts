/** The front door of the currency module: other modules, areas and seeds import it only from here. */
export { default as currencyRoutes } from './routes';
export { fetchTodaysRates } from './routes';
export { gelRates, gelRatesJson, gelRatesOf, rateDateOf, rateHistory } from './rates';
