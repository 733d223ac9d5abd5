import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';

/** The app's data provider with its business calls, typed (useDataProvider<AppDataProvider>()). */
export const useAppData = () => useDataProvider<AppDataProvider>();
