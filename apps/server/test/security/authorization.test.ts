import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../support/app';
import type { RegisteredRoute, RouteKey } from '../support/routes';
import { createTestAppWithRoutes } from '../support/routes';
import { TABLE, type Case, type Expected } from './route-table';
import { ASKER_EMAIL, createWorld, ROLES, sandboxAuth, type Role, type World } from './world';

/**
 * The authorization matrix: every route the app registers × {guest, the owner, another customer, an admin}, with
 * the status each must get (route-table.ts). The route list comes from the app itself, so a new route fails this
 * test until it has a row.
 */

/** Every answer of the matrix, for the scans below. */
export interface Answer {
  route: RouteKey;
  role: Role;
  status: number;
  contentType: string;
  body: string;
}

let ctx: TestContext;
let routes: RegisteredRoute[];
let world: World;
const answers: Answer[] = [];

beforeAll(async () => {
  ({ ctx, routes } = await createTestAppWithRoutes());
  world = await createWorld(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('the authorization matrix', () => {
  it('has a row for every route the app registers, and no row for a route that is gone', () => {
    const registered = routes.map((route) => route.key);
    const missing = registered.filter((key) => !(key in TABLE));
    const stale = Object.keys(TABLE).filter((key) => !registered.includes(key as RouteKey));
    expect(missing, 'routes without a row in the authorization table').toEqual([]);
    expect(stale, 'rows for routes the app no longer has').toEqual([]);
  });

  for (const [key, cases] of Object.entries(TABLE) as [RouteKey, Case | Case[]][]) {
    for (const row of [cases].flat()) {
      it(`${key}${row.name ? ` (${row.name})` : ''}: ${ROLES.map((r) => `${r} ${row.expect[r]}`).join(', ')}`, async () => {
        const got: Partial<Expected> = {};
        for (const role of ROLES) {
          const request = await row.request(world, role);
          const credentials = row.auth === 'basic' ? sandboxAuth(world) : world.headers[role];
          const res = await ctx.app.inject({
            ...request,
            headers: { ...request.headers, ...credentials },
          } as InjectOptions);
          got[role] = res.statusCode;
          answers.push({
            route: key,
            role,
            status: res.statusCode,
            contentType: String(res.headers['content-type'] ?? ''),
            body: res.body,
          });
          if (res.statusCode >= 400) {
            expect(res.json(), `${key} as ${role}`).toMatchObject(
              row.failure === 'razorpay'
                ? { error: { code: expect.any(String), description: expect.any(String) } }
                : { success: false, error: expect.any(String), code: expect.any(String) },
            );
          }
        }
        expect(got).toEqual(row.expect);
      });
    }
  }
});

describe('the role comes before the body', () => {
  // Whoever may not call a route learns nothing about its fields: a broken body still gets 401 or 403.
  const rows = (Object.entries(TABLE) as [RouteKey, Case | Case[]][])
    .filter(([key]) => !key.startsWith('GET ') && key !== 'POST /api/payments/verify-razorpay-payment')
    .map(([key, cases]) => [key, [cases].flat()[0]!] as const)
    .filter(([, row]) => row.expect.guest === 401 && row.auth !== 'basic' && row.failure !== 'razorpay');

  it.each(rows)('%s', async (key, row) => {
    for (const role of ['guest', 'user'] as const) {
      if (role === 'user' && row.expect.user !== 403) continue;
      const request = await row.request(world, role);
      const res = await ctx.app.inject({
        ...request,
        payload: '{"broken": ',
        headers: { 'content-type': 'application/json', ...world.headers[role] },
      } as InjectOptions);
      expect(res.statusCode, `${key} as ${role}`).toBe(row.expect[role]);
    }
  });
});

describe('what the answers of the matrix never contain', () => {
  it('no secret: signing keys, Razorpay secrets, password hashes', () => {
    expect(answers.length).toBeGreaterThan(200);
    const secrets = [
      ctx.config.jwtSecret!,
      ctx.config.razorpay.keySecret,
      ctx.config.razorpay.webhookSecret,
      world.owner.passwordHash,
      world.admin.passwordHash,
    ];
    for (const answer of answers) {
      for (const secret of secrets) {
        expect(answer.body.includes(secret), `${answer.route} as ${answer.role} leaks a secret`).toBe(false);
      }
      expect(answer.body, `${answer.route} as ${answer.role}`).not.toMatch(
        /\$argon2|passwordHash|password_hash/,
      );
    }
  });

  it("no asker's email outside the admin's answers", () => {
    const leaks = answers.filter((a) => a.role !== 'admin' && a.body.includes(ASKER_EMAIL));
    expect(leaks.map((a) => `${a.route} as ${a.role}`)).toEqual([]);
  });

  it('no stack trace or file path in a JSON answer', () => {
    for (const answer of answers.filter((a) => a.contentType.includes('json'))) {
      expect(answer.body, `${answer.route} as ${answer.role}`).not.toMatch(
        /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/src\/|\.ts:\d+/,
      );
    }
  });
});
