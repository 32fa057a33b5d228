import {
  ADMIN_ORDERS_GUEST_COD_VIEW,
  builtTrackingUrl,
  canMoveOrder,
  fromPaise,
  fulfillmentBodySchema,
  orderMoveRefusedMessage,
  PAGE_SIZES,
  REFUND_MESSAGES,
  type AdminOrdersPagination,
  type AdminOrdersQuery,
  type FulfillmentBody,
  type Locale,
  type Order,
  type OrderReceipt,
  type OrderStats,
} from '@scholar/shared';
import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { paymentFieldsOf, receiptPaymentFieldsOf, retakeCodStock, returnCodStock } from './cod';
import { indianDate } from './india-day';
import {
  findOrderById,
  findUserOrder,
  lockOrder,
  listOrders,
  orderStats,
  revenueByDay,
  updateOrder,
  withItems,
  type OrderFilter,
  type OrderWithItems,
} from './orders.repository';

/**
 * What a checkout needs of the orders: the order of a Razorpay order (one at most), and saving a paid checkout's
 * order once, in the checkout's transaction (`insertOrderOnce`).
 */
export { findOrderByRazorpayOrderId, insertOrderOnce } from './orders.repository';

/** An order's row as the API shows it, with its items and refunds. */
export async function fullOrder(db: Db, row: OrderRow): Promise<Order> {
  const [full] = await withItems(db, [row]);
  return toOrder(full!);
}

/** What an order's receipt shows (`orderReceiptSchema`): none of the buyer's details, the desk's notes or refunds. */
export function toOrderReceipt(order: Order): OrderReceipt {
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    txnId: order.txnId,
    status: order.status,
    backordered: order.backordered,
    amount: order.amount,
    subtotal: order.subtotal,
    shipping: order.shipping,
    createdAt: order.createdAt,
    items: order.items,
    estimatedDelivery: order.fulfillment.estimatedDelivery,
    ...receiptPaymentFieldsOf(order),
  };
}

/** An order as the API shows it (docs/product.md, "Data"); money in rupees. */
export function toOrder(row: OrderWithItems): Order {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    txnId: row.txnId,
    status: row.status,
    amount: fromPaise(row.amountPaise),
    subtotal: fromPaise(row.subtotalPaise),
    shipping: fromPaise(row.shippingPaise),
    backordered: row.backordered,
    refundedAmount: fromPaise(row.refundedPaise),
    refunds: row.refunds.map((refund) => ({
      _id: refund.id,
      amount: fromPaise(refund.amountPaise),
      status: refund.status === 'requested' ? 'pending' : refund.status,
      razorpayRefundId: refund.razorpayRefundId,
      reason: refund.reason,
      cancellation: refund.cancellation,
      createdAt: refund.createdAt.toISOString(),
      updatedAt: refund.updatedAt.toISOString(),
    })),
    cancellation:
      row.cancelledAt && row.cancelReason !== null
        ? { reason: row.cancelReason, cancelledAt: row.cancelledAt.toISOString() }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items: row.items.map((item) => ({
      _id: item.id,
      bookId: item.bookId,
      name: item.name,
      author: item.author,
      price: fromPaise(item.pricePaise),
      quantity: item.quantity,
      refundedQuantity: item.refundedQuantity,
      images: item.images,
      ...(item.selectedLanguage ? { selectedLanguage: item.selectedLanguage } : {}),
      book: { _id: item.bookId, name: item.name, price: fromPaise(item.pricePaise) },
    })),
    contactDetails: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone },
    shippingAddress: {
      ...(row.shippingAddress.addressType ? { addressType: row.shippingAddress.addressType } : {}),
      addressLine1: row.shippingAddress.addressLine1,
      ...(row.shippingAddress.addressLine2 ? { addressLine2: row.shippingAddress.addressLine2 } : {}),
      ...(row.shippingAddress.landmark ? { landmark: row.shippingAddress.landmark } : {}),
      city: row.shippingAddress.city,
      state: row.shippingAddress.state,
      pincode: row.shippingAddress.pincode,
    },
    fulfillment: {
      trackingNumber: row.trackingNumber,
      shippingProvider: row.shippingProvider,
      trackingUrl: row.trackingUrl,
      estimatedDelivery: row.estimatedDelivery,
      notes: row.fulfillmentNotes,
      shippedAt: row.shippedAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    },
    ...paymentFieldsOf(row),
  };
}

export async function getOrder(db: Db, id: string): Promise<Order> {
  const row = await findOrderById(db, id);
  if (!row) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  const [full] = await withItems(db, [row]);
  return toOrder(full!);
}

/**
 * One of a customer's orders. Another customer's order, or no order at all, is the same 404: an id says nothing
 * about orders that are not the caller's.
 */
export async function getUserOrder(db: Db, userId: string, id: string): Promise<Order> {
  const row = await findUserOrder(db, userId, id);
  if (!row) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  const [full] = await withItems(db, [row]);
  return toOrder(full!);
}

/** The list and export filter: an inclusive date range in India time; the list also searches. */
export function toOrderFilter(query: {
  status?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  search?: string | undefined;
  view?: string | undefined;
}): OrderFilter {
  const status = query.status && query.status !== 'all' ? (query.status as OrderFilter['status']) : undefined;
  return {
    status,
    startDate: query.startDate,
    endDate: query.endDate,
    search: query.search?.trim() || undefined,
    guestCodWaiting: query.view === ADMIN_ORDERS_GUEST_COD_VIEW || undefined,
  };
}

export async function listUserOrders(db: Db, userId: string, page: number) {
  const limit = PAGE_SIZES.userOrders;
  const { rows, total } = await listOrders(db, { userId }, page, limit);
  return { orders: (await withItems(db, rows)).map(toOrder), pagination: pagination(page, limit, total) };
}

function pagination(page: number, limit: number, total: number): AdminOrdersPagination {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    totalOrders: total,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}

/**
 * The admin list: a page of orders with the status and date filters and the search over every order, and stats
 * over the date range (every status, whatever the search, so that the stat cards stay meaningful while the list is
 * narrowed). The stats are read afresh each time: they come from the totals the database keeps per day
 * (docs/decisions/005), a few milliseconds, and a copy kept in one instance would lag behind orders made on
 * another.
 */
export async function listAdminOrders(db: Db, query: AdminOrdersQuery & { page: number }) {
  const limit = PAGE_SIZES.adminOrders;
  const filter = toOrderFilter(query);
  const stats = await computeStats(db, filter);
  const { rows, total } = await listOrders(db, filter, query.page, limit);
  return {
    orders: (await withItems(db, rows)).map(toOrder),
    stats,
    pagination: pagination(query.page, limit, total),
  };
}

/** The stat cards and the chart, for a date range: the same for every page and status of the list. */
async function computeStats(db: Db, filter: OrderFilter): Promise<OrderStats> {
  const now = Date.now();
  const since = indianDate(29, now);
  const [stats, days] = await Promise.all([
    orderStats(db, { startDate: filter.startDate, endDate: filter.endDate }),
    revenueByDay(db, since),
  ]);
  const byDate = new Map(days.map((d) => [d.date, d]));
  const revenue = Array.from({ length: 30 }, (_, i) => {
    const date = indianDate(29 - i, now);
    const day = byDate.get(date);
    return { date, revenue: fromPaise(day?.revenuePaise ?? 0), orders: day?.orders ?? 0 };
  });
  return {
    totalOrders: stats.total,
    totalRevenue: fromPaise(stats.revenuePaise),
    ordersByStatus: {
      pending: stats.pending,
      shipped: stats.shipped,
      delivered: stats.delivered,
      RTO: stats.rto,
      cancelled: stats.cancelled,
    },
    revenueByDay: revenue,
  };
}

/**
 * Status and fulfillment changes. `shippedAt` and `deliveredAt` are set the first time an order reaches that
 * status and kept afterwards. Answers the order, what to tell the customer and in which language, and the books
 * whose stock the move changed.
 */
export async function updateFulfillment(
  db: Db,
  id: string,
  body: FulfillmentBody,
): Promise<{
  order: Order;
  locale: Locale;
  newlyShipped: boolean;
  newlyDelivered: boolean;
  stockMoved: string[];
}> {
  const values = fulfillmentBodySchema.parse(body);
  // With the order's row locked: two admins saving "shipped" at once send one mail, and a cancellation (which
  // locks it too) cannot slip between the check and the change.
  const { locale, newlyShipped, newlyDelivered, stockMoved } = await db.transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    if (!current) throw notFound('Order not found', 'ORDER_NOT_FOUND');
    if (current.status === 'cancelled') throw badRequest(REFUND_MESSAGES.cancelledIsFinal, 'ORDER_CANCELLED');
    // Forward only (ORDER_STATUS_MOVES); the status the order has already is no move, saved with the other fields.
    if (values.status && values.status !== current.status && !canMoveOrder(current.status, values.status)) {
      throw badRequest(orderMoveRefusedMessage(current.status, values.status), 'STATUS_MOVE_REFUSED');
    }
    const now = new Date();
    // The courier's tracking page when the desk sets a courier and a number but no link (packages/shared carriers.ts).
    const builtUrl = builtTrackingUrl(current, values);
    const shipped = values.status === 'shipped' && !current.shippedAt;
    const delivered = values.status === 'delivered' && !current.deliveredAt;
    await updateOrder(tx, id, {
      ...(values.status ? { status: values.status } : {}),
      ...(values.trackingNumber !== undefined ? { trackingNumber: values.trackingNumber } : {}),
      ...(values.shippingProvider !== undefined ? { shippingProvider: values.shippingProvider } : {}),
      ...(values.trackingUrl !== undefined ? { trackingUrl: values.trackingUrl } : {}),
      ...(builtUrl !== undefined ? { trackingUrl: builtUrl } : {}),
      ...(values.estimatedDelivery !== undefined ? { estimatedDelivery: values.estimatedDelivery } : {}),
      ...(values.notes !== undefined ? { fulfillmentNotes: values.notes } : {}),
      ...(shipped ? { shippedAt: now } : {}),
      ...(delivered ? { deliveredAt: now } : {}),
    });
    // A cash-on-delivery parcel back (RTO) gives its copies back; sent again, it takes them again (decision 051).
    const moved =
      values.status === 'RTO' && current.status !== 'RTO'
        ? await returnCodStock(tx, current)
        : values.status === 'shipped' && current.status === 'RTO'
          ? await retakeCodStock(tx, current)
          : [];
    return { locale: current.locale, newlyShipped: shipped, newlyDelivered: delivered, stockMoved: moved };
  });
  return { order: await getOrder(db, id), locale, newlyShipped, newlyDelivered, stockMoved };
}
