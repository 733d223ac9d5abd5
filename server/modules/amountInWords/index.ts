/** The front door of the amount-in-words module: the words themselves live in domain/amountInWords. */
export { default as amountInWordsRoutes } from './routes';
