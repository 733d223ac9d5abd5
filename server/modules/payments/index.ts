/** The front door of the payments module: other modules, areas and seeds import it only from here. */
export { default as paymentsRoutes } from './routes';
export { converted, exceeds, moneyText, payableSale, paymentAdded, paymentPreview, saleCanceled } from './paymentRules';
export { paymentRows, presentPayment, type PaymentRow } from './present';
