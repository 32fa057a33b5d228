import type { RouteKey } from '../support/routes';
import { siteRows } from './routes/site';
import { authRows } from './routes/auth';
import { usersRows } from './routes/users';
import { adminsRows } from './routes/admins';
import { addressesRows } from './routes/addresses';
import { booksRows } from './routes/books';
import { cartRows } from './routes/cart';
import { ordersRows } from './routes/orders';
import { billsRows } from './routes/bills';
import { returnsRows } from './routes/returns';
import { fatwahsRows } from './routes/fatwahs';
import { articlesRows } from './routes/articles';
import { paymentsRows } from './routes/payments';
import { subscriptionsRows } from './routes/subscriptions';
import { trackRows } from './routes/track';
import { deliveryRows } from './routes/delivery';
import { couponsRows } from './routes/coupons';
import type { Case } from './routes/cells';

export type { Case, Expected, Request } from './routes/cells';

/**
 * What every route the app registers must answer to {guest, the owner, another customer, an admin}: the table of
 * the authorization matrix (authorization.test.ts), whose request builders the hostile-input tests mutate. Every
 * request uses real records made by the factories, so that ids exist. Each area keeps its rows in routes/<area>.ts,
 * so that a new route and its row land together.
 */
export const TABLE: Record<RouteKey, Case | Case[]> = {
  ...siteRows,
  ...authRows,
  ...usersRows,
  ...adminsRows,
  ...addressesRows,
  ...booksRows,
  ...cartRows,
  ...ordersRows,
  ...billsRows,
  ...returnsRows,
  ...fatwahsRows,
  ...articlesRows,
  ...paymentsRows,
  ...couponsRows,
  ...subscriptionsRows,
  ...trackRows,
  ...deliveryRows,
};
