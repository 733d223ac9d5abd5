import { lazyPage } from '../lazyPage';
import DescriptionIcon from '@mui/icons-material/Description';

export const documents = {
  name: 'documents',
  list: lazyPage(
    () => import('./DocumentList'),
    (m) => m.DocumentList,
  ),
  icon: DescriptionIcon,
  recordRepresentation: 'original_name',
};
