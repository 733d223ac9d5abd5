import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';

export const documents = {
  name: 'documents',
  list: lazy(() => import('./DocumentList').then((m) => ({ default: m.DocumentList }))),
  icon: DescriptionIcon,
  recordRepresentation: 'original_name',
};
