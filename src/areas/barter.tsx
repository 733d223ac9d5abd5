import type { ReactNode } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import { advancePayments } from '../resources/advancePayments';
import { barter } from '../resources/barter';
import type { AreaScreens } from './types';

const onPath = (path: string, page: ReactNode) => <RequireAccess path={path}>{page}</RequireAccess>;

/** The barter area's screens: barter deals and advance payments (the latter a hidden menu entry). */
export const barterArea: AreaScreens = {
  resources: [
    {
      ...barter,
      list: onPath('/barter', <barter.list />),
      show: onPath('/barter', <barter.show />),
      create: onPath('/barter', <barter.create />),
      edit: onPath('/barter', <barter.edit />),
    },
    {
      ...advancePayments,
      list: onPath('/advance-payments', <advancePayments.list />),
      create: onPath('/advance-payments', <advancePayments.create />),
      edit: onPath('/advance-payments', <advancePayments.edit />),
    },
  ],
  routes: [],
  built: ['/barter', '/advance-payments'],
};
