import {
  createPaymentOrderBodySchema,
  envelope,
  createPaymentOrderResponseSchema,
  idempotencyHeadersSchema,
  releaseCheckoutBodySchema,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
} from '@scholar/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { routeLimit } from '../../lib/rate-limit';
import { siteLocaleOf } from '../../lib/site-locale';
import type { FetchLike } from '../../payments/razorpay-client';
import { idempotent, idempotentInTwoSteps } from '../../plugins/idempotency';
import {
  confirmCashOnDelivery,
  findOpenCheckout,
  placeCodOrder,
  handleWebhook,
  openCheckout,
  openRazorpayOrder,
  releaseUnpaidCheckout,
  verifyPayment,
  type CheckoutContext,
} from '../checkout/checkout.service';
import { checkoutContextOf } from '../checkout/checkout-context';

const WEBHOOK_PATH = '/payments/razorpay-webhook';
/** Where the built-in Razorpay sandbox answers, under the API's prefix, when RAZORPAY_SANDBOX is on. */
export const SANDBOX_PREFIX = '/payments/sandbox';
const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

/**
 * Checkouts one address may open in 10 minutes. Each opens a Razorpay order, so an unlimited route lets anyone
 * fill the shop's Razorpay account with orders. Real buyers open one or two (a retry after a failed payment opens
 * another); the allowance is generous because many customers in India share one public address (mobile carriers'
 * NAT, offices). It counts addresses, not accounts, for signed-in buyers too: accounts are cheap to make, and an
 * allowance per account would multiply an attacker's by the accounts they made. An IPv6 customer holds a whole /64,
 * which the route limits count as one address.
 */
export const CHECKOUTS_PER_ADDRESS = 30;
export const CHECKOUTS_LIMITED =
  'Too many payment attempts from this network. Please wait a few minutes and try again.';

/**
 * Payments (docs/product.md, "Payments"). In sandbox mode the Razorpay client and the sandbox's webhooks go through
 * `inject`: real HTTP requests through the whole server, without needing it to listen.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ inject: FetchLike; apiPrefix: string }> = async (
  app,
  options,
) => {
  const { razorpay: settings } = app.config;
  const ctx = (): CheckoutContext => checkoutContextOf(app);

  // The sandbox's code is loaded only when it is on, so that a build made with BUILD_WITHOUT_SANDBOX=1 can leave it
  // out (apps/server/build.mjs); such a build refuses to start with the sandbox on.
  if (settings.sandbox) {
    const { sandboxRoutes } = await import('../../razorpay-sandbox/routes');
    await app.register(sandboxRoutes, {
      prefix: SANDBOX_PREFIX,
      deliver: options.inject,
      webhookPath: `${options.apiPrefix}${WEBHOOK_PATH}`,
    });
  }

  app.get(
    '/payments/checkout-config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which checkout script the browser loads (Razorpay, or the sandbox)',
        response: { 200: envelope(z.object({ scriptUrl: z.string(), sandbox: z.boolean() })) },
      },
    },
    async () => ({
      success: true as const,
      data: {
        scriptUrl: settings.sandbox
          ? `${options.apiPrefix}${SANDBOX_PREFIX}/checkout.js`
          : RAZORPAY_CHECKOUT_JS,
        sandbox: settings.sandbox,
      },
    }),
  );

  app.post(
    '/payments/create-razorpay-order',
    {
      config: { rateLimit: routeLimit(CHECKOUTS_PER_ADDRESS, '10 minutes', CHECKOUTS_LIMITED) },
      schema: {
        tags: ['payments'],
        summary:
          'Price the cart on the server and open a Razorpay order; an Idempotency-Key opens one checkout',
        headers: idempotencyHeadersSchema,
        body: createPaymentOrderBodySchema,
        response: { 200: createPaymentOrderResponseSchema },
      },
    },
    // With a key, the checkout and the key commit together before Razorpay is asked; a retry carries on with that
    // checkout (docs/decisions/039).
    async (request, reply) =>
      idempotentInTwoSteps(request, reply, {
        status: 200,
        make: (db) =>
          openCheckout(db, request.user, request.body, siteLocaleOf(request), {
            paymentMethod: 'card',
            clientAddress: request.ip,
          }),
        find: findOpenCheckout,
        finish: (checkout) => openRazorpayOrder(ctx(), checkout),
      }),
  );

  app.post(
    '/payments/cod-order',
    {
      // The order takes copies from the stock, which the books show.
      config: {
        rateLimit: routeLimit(CHECKOUTS_PER_ADDRESS, '10 minutes', CHECKOUTS_LIMITED),
        invalidates: 'books',
      },
      schema: {
        tags: ['payments'],
        summary:
          'Place a cash-on-delivery order: priced on the server, made at once without Razorpay; an Idempotency-Key places one',
        headers: idempotencyHeadersSchema,
        body: createPaymentOrderBodySchema,
        response: { 201: verifyPaymentResponseSchema },
      },
    },
    // The checkout and its order in one transaction, with the key when there is one (docs/decisions/051).
    async (request, reply) => {
      const cod = await app.siteSettings.get();
      let placed: Awaited<ReturnType<typeof placeCodOrder>> | undefined;
      return idempotent(request, reply, {
        status: 201,
        create: async (db) => {
          placed = await placeCodOrder(ctx(), db, request.user, request.body, siteLocaleOf(request), cod);
          return { success: true as const, order: placed.order };
        },
        // The mail once the order committed; a replay sends none.
        afterCommit: {
          run: async () => {
            if (placed) confirmCashOnDelivery(ctx(), placed.full, placed.locale);
          },
          undo: async () => undefined,
        },
      });
    },
  );

  app.post(
    '/payments/release-checkout',
    {
      config: { rateLimit: routeLimit(CHECKOUTS_PER_ADDRESS, '10 minutes', CHECKOUTS_LIMITED) },
      schema: {
        tags: ['payments'],
        summary:
          "The payment window was closed or the payment failed: the coupon's use the unpaid checkout holds goes back",
        body: releaseCheckoutBodySchema,
        response: { 200: z.object({ success: z.literal(true), data: z.object({ released: z.boolean() }) }) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { released: await releaseUnpaidCheckout(app.db, request.user, request.body.razorpay_order_id) },
    }),
  );

  app.post(
    '/payments/verify-razorpay-payment',
    {
      // A paid order takes copies from the stock, which the books show.
      config: { invalidates: 'books' },
      schema: {
        tags: ['payments'],
        summary:
          "Check the payment (signature and Razorpay) and create the order, once; the whole order to the buyer's session, else its receipt",
        body: verifyPaymentBodySchema,
        response: { 200: verifyPaymentResponseSchema },
      },
    },
    async (request) => {
      try {
        return { success: true as const, order: await verifyPayment(ctx(), request.user, request.body) };
      } catch (error) {
        // Logged for monitoring (docs/operations.md): a run of these means a key mismatch or an attack.
        if (error instanceof AppError && error.statusCode < 500) {
          request.log.warn(
            { code: error.code, razorpayOrderId: request.body.razorpay_order_id },
            'payment verification failed',
          );
        }
        throw error;
      }
    },
  );

  // The webhook's signature covers the exact bytes, so this scope keeps JSON bodies raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      WEBHOOK_PATH,
      {
        // A paid order takes copies from the stock, which the books show.
        config: { invalidates: 'books' },
        schema: {
          tags: ['payments'],
          summary: 'Razorpay webhook (payment.captured, order.paid, refund.processed, refund.failed)',
          response: { 200: z.object({ success: z.literal(true), status: z.string() }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['x-razorpay-signature'];
        const eventId = request.headers['x-razorpay-event-id'];
        try {
          const result = await handleWebhook(
            ctx(),
            raw,
            typeof signature === 'string' ? signature : undefined,
            typeof eventId === 'string' ? eventId : undefined,
          );
          return { success: true as const, status: result.status };
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500) {
            request.log.warn({ code: error.code, eventId }, 'Razorpay webhook refused');
          }
          throw error;
        }
      },
    );
  });
};
