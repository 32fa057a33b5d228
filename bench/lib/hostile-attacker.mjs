// The attacker of the hostile-load benchmark (bench/hostile.mjs), run in a worker thread so that its hundreds of
// connections do not slow the event loop that times the victim's requests. It keeps `concurrency` requests of one
// kind in flight until its time is up (or `maxRequests` have been sent), then posts its tallies to the parent.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { Tally, agentFor, closeAgents, send } from './hostile-client.mjs';

/** A different loopback address for each request `n` (1 …), in 127.16.0.0/12, away from the named clients. */
export const rotatingAddress = (n) =>
  `127.${16 + Math.floor(n / (254 * 256))}.${Math.floor(n / 254) % 256}.${1 + (n % 254)}`;

/** A made-up client address for X-Forwarded-For. */
const spoofedAddress = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${1 + (i % 254)}`;

const tag = randomBytes(4).toString('hex');
const unknownEmail = (i) => `nobody-${tag}-${i}@example.com`;

/** 200 ids: the one real book and 199 made-up ones (valid ids that name no book), different each time. */
const cartIds = (bookId, i) => [
  bookId,
  ...Array.from(
    { length: 199 },
    (_, k) => `${(i * 199 + k).toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
  ),
];

/** The requests of each kind of flood: `i` counts from 0 within the flood. */
const kinds = {
  reset: () => ({
    method: 'POST',
    path: '/api/password/reset-password',
    body: { token: 'x'.repeat(64), password: 'Password123!' },
  }),
  'login-unknown': (i) => ({
    method: 'POST',
    path: '/api/auth/login',
    body: { email: unknownEmail(i), password: 'Password123!', role: 'user' },
  }),
  'login-guess': (i, data) => ({
    method: 'POST',
    path: '/api/auth/login',
    body: { email: data.email, password: `guess-${i}-${tag}`, role: 'user' },
  }),
  'cache-key': (i) => ({
    method: 'GET',
    path: i % 2 === 0 ? `/api/articles/published?page=1&x=${i}` : `/articles?x=${i}`,
  }),
  // A new search term each time: every request misses the public cache and searches the database.
  search: (i) => ({
    method: 'GET',
    path: `/api/fatwahs/public?search=${encodeURIComponent(`term${tag}${i} prayer`)}`,
  }),
  // The largest guest cart the schema allows (200 ids, most of them of no book), priced each time.
  'cart-prices': (i, data) => ({
    method: 'POST',
    path: '/api/cart/prices',
    body: { bookIds: cartIds(data.bookId, i) },
  }),
  'forgot-password': (i) => ({
    method: 'POST',
    path: '/api/password/forgot-password',
    body: { email: unknownEmail(i) },
  }),
  checkout: (i, data) => ({
    method: 'POST',
    path: '/api/payments/create-razorpay-order',
    body: {
      cartItems: [{ book: data.bookId, quantity: 1 }],
      guestInfo: {
        name: `Guest ${i}`,
        email: `guest-${tag}-${i}@example.com`,
        phone: '9830000000',
        address: {
          addressLine1: `${i} Park Street`,
          city: 'Kolkata',
          state: 'West Bengal',
          pincode: '700016',
        },
      },
    },
  }),
  register: (i, data, localAddress) => ({
    method: 'POST',
    path: '/api/auth/register',
    // As a proxy would pass it on: the address the client claimed, then the one the proxy saw.
    headers: { 'x-forwarded-for': data.proxy ? `${spoofedAddress(i)}, ${localAddress}` : spoofedAddress(i) },
    body: {
      name: `Sign-up ${i}`,
      email: `${data.emailPrefix ?? `signup-${tag}-`}${i}@example.com`,
      phone: '9830000000',
      password: 'Password123!',
    },
  }),
};

/**
 * @param {{ base: string, kind: keyof typeof kinds, concurrency: number, seconds: number, maxRequests?: number,
 *           localAddress?: string, rotateAddress?: boolean, data?: object }} spec
 */
export async function flood(spec) {
  const build = kinds[spec.kind];
  if (!build) throw new Error(`unknown flood kind ${spec.kind}`);
  const tally = new Tally();
  const deadline = performance.now() + spec.seconds * 1000;
  const max = spec.maxRequests ?? Infinity;
  // A new connection per request when every request comes from an address of its own.
  const oneShot = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const pool = spec.rotateAddress ? oneShot : agentFor(spec.localAddress, { maxSockets: spec.concurrency });
  let next = 0;
  const worker = async () => {
    while (performance.now() < deadline && next < max) {
      const i = next++;
      const localAddress = spec.rotateAddress ? rotatingAddress(i + 1) : spec.localAddress;
      const request = build(i, spec.data ?? {}, localAddress);
      tally.add(await send(spec.base, { ...request, localAddress, agent: pool }));
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  oneShot.destroy();
  closeAgents();
  return { ...tally.summary(), seconds: (performance.now() - tally.startedAt) / 1000 };
}

if (parentPort && workerData) {
  parentPort.postMessage(await flood(workerData));
}
