import { lazy } from 'react';

/** The /features page; the two resources back the unit form's ticks and the page's writes. */
export const FeaturesPage = lazy(() => import('./FeaturesPage').then((m) => ({ default: m.FeaturesPage })));
export const featureResources = [
  { name: 'property-features', recordRepresentation: 'name' },
  { name: 'property-feature-groups', recordRepresentation: 'name' },
];
