import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { advancePayments } from '../resources/advancePayments';
import { barter } from '../resources/barter';
import type { AreaScreens } from './types';

/** The page's menu entry, and for a form the right to create or edit (as the buttons ask it). */
const onPath = (path: string, page: ReactNode, resource?: string, action?: AccessAction) => (
  <RequireAccess path={path} resource={resource} action={action}>
    {page}
  </RequireAccess>
);

/** The barter area's screens: barter deals and advance payments (the latter a hidden menu entry). */
export const barterArea: AreaScreens = {
  resources: [
    {
      ...barter,
      list: onPath('/barter', <barter.list />),
      show: onPath('/barter', <barter.show />),
      create: onPath('/barter', <barter.create />, 'barter', 'create'),
      edit: onPath('/barter', <barter.edit />, 'barter', 'edit'),
    },
    {
      ...advancePayments,
      list: onPath('/advance-payments', <advancePayments.list />),
      create: onPath('/advance-payments', <advancePayments.create />, 'advance-payments', 'create'),
      edit: onPath('/advance-payments', <advancePayments.edit />, 'advance-payments', 'edit'),
    },
  ],
  routes: [],
  built: ['/barter', '/advance-payments'],
};
