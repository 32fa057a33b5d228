import {
  orderMoneyOf,
  toPaise,
  type Order,
  type OrderItem,
  type OrderRefund,
  type ReturnRequest,
} from '@scholar/shared';

/** An order's money as the server computes it from its stored figures (`orderMoneyOf`). */
export function moneyOf(order: Omit<Order, 'money'>): Order['money'] {
  return orderMoneyOf({
    paymentMethod: order.paymentMethod ?? 'card',
    status: order.status,
    subtotalPaise: toPaise(order.subtotal),
    shippingPaise: toPaise(order.shipping),
    discountPaise: toPaise(order.discount ?? 0),
    codFeePaise: toPaise(order.codFee ?? 0),
    couponCode: order.couponCode ?? null,
    amountPaise: toPaise(order.amount),
    refundedPaise: toPaise(order.refundedAmount),
    codCollected: Boolean(order.codCollectedAt),
  });
}

/** An order line as the API sends it. */
export function anOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  const name = overrides.name ?? 'Sahih Muslim';
  const price = overrides.price ?? 475;
  return {
    _id: '0190b0a0-0000-7000-8000-0000000001a1',
    bookId: '0190b0a0-0000-7000-8000-0000000000b1',
    name,
    author: 'Imam Muslim',
    price,
    quantity: 2,
    images: [],
    book: { _id: '0190b0a0-0000-7000-8000-0000000000b1', name, price },
    ...overrides,
  };
}

/**
 * A paid order as the API sends it: two copies of one book, ₹950 + ₹50 delivery, not shipped yet. Its money summary
 * is computed from its figures, as the server does, unless one is given.
 */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const { money, ...rest } = overrides;
  const order: Omit<Order, 'money'> = {
    _id: '0190b0a0-0000-7000-8000-0000000000c1',
    orderNumber: 'ORD-20261122-ABC123',
    txnId: 'pay_123',
    status: 'pending',
    amount: 1000,
    subtotal: 950,
    shipping: 50,
    backordered: false,
    refundedAmount: 0,
    refunds: [],
    cancellation: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    items: [anOrderItem()],
    contactDetails: { name: 'Aisha', email: 'user@example.com', phone: '9876543210' },
    shippingAddress: {
      addressLine1: '9 Elliot Road',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
    },
    fulfillment: {
      trackingNumber: null,
      shippingProvider: null,
      trackingUrl: null,
      estimatedDelivery: null,
      notes: null,
      shippedAt: null,
      deliveredAt: null,
    },
    ...rest,
  };
  return { ...order, money: money ?? moneyOf(order) };
}

/** A refund as the API sends it: ₹250 for a damaged copy, processed by Razorpay. */
export function aRefund(overrides: Partial<OrderRefund> = {}): OrderRefund {
  return {
    _id: '0190b0a0-0000-7000-8000-0000000000d1',
    amount: 250,
    status: 'processed',
    razorpayRefundId: 'rfnd_123',
    reason: 'Damaged copy',
    cancellation: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:05.000Z',
    ...overrides,
  };
}

/**
 * The order above, cancelled at noon on the day it was placed for `reason`: its whole ₹1,000 refunded by the
 * cancellation, the refund waiting for Razorpay.
 */
export function aCancelledOrder(reason: string): Order {
  const cancelledAt = '2026-11-22T12:00:00.000Z';
  return anOrder({
    status: 'cancelled',
    refundedAmount: 1000,
    cancellation: { reason, cancelledAt },
    refunds: [
      aRefund({
        amount: 1000,
        status: 'pending',
        reason,
        cancellation: true,
        createdAt: cancelledAt,
        updatedAt: cancelledAt,
      }),
    ],
  });
}

/** A customer's request to return the order above, delivered: asked for, not answered yet, with no lines. */
export function aReturnRequest(overrides: Partial<ReturnRequest> = {}): ReturnRequest {
  const order = anOrder();
  return {
    _id: '0190b0a0-0000-7000-8000-0000000000e1',
    orderId: order._id,
    orderNumber: order.orderNumber,
    orderStatus: 'delivered',
    customerName: 'Aisha',
    kind: 'return',
    status: 'requested',
    reason: 'Torn',
    declineReason: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    decidedAt: null,
    receivedAt: null,
    refundedAt: null,
    items: [],
    refund: null,
    ...overrides,
  };
}
