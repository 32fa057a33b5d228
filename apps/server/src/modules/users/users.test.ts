import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAddress, createUser } from '../../../test/support/factories';
import { hashPassword } from '../../lib/password';
import { addresses, users } from '../../db/schema';
import { authHeader, expectValidationError } from '../../../test/support/app';
import { PASSWORD_CHANGE_LIMITS } from '../auth/password.service';
import { EMAIL_CHANGE_LIMITS } from './users.service';
import { useTestApp } from '../../../test/support/use-test-app';

const { ctx, smtp } = useTestApp({ smtp: true });

const home = {
  addressType: 'Home',
  addressLine1: '14 Ripon Street',
  addressLine2: 'Flat 3B',
  landmark: 'Near Park Circus',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
};
const work = {
  addressType: 'Work',
  addressLine1: '2 Linking Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

async function signedIn(role: 'user' | 'admin' = 'user') {
  const user = await createUser(ctx.database.db, { role });
  return { user, headers: await authHeader(ctx, user) };
}

describe('addresses', () => {
  it('the first address becomes the default; a later default moves the badge', async () => {
    const { user, headers } = await signedIn();
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers,
      payload: { address: home, userId: user.id },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.user.addresses).toEqual([expect.objectContaining({ ...home, isDefault: true })]);

    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers,
      payload: { address: { ...work, isDefault: true }, userId: user.id },
    });
    const addresses = second.json().data.user.addresses as {
      city: string;
      isDefault: boolean;
      _id: string;
    }[];
    expect(addresses.filter((a) => a.isDefault).map((a) => a.city)).toEqual(['Mumbai']);

    const listed = await ctx.app.inject({ url: `/api/addresses/${user.id}`, headers });
    expect(listed.json().data.addresses).toHaveLength(2);
  });

  it('edits and deletes; deleting the default promotes another', async () => {
    const { user, headers } = await signedIn();
    const a = await createAddress(ctx.database.db, user.id, { isDefault: true, city: 'Kolkata' });
    const b = await createAddress(ctx.database.db, user.id, { city: 'Howrah' });

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/addresses/${b.id}`,
      headers,
      payload: { address: { ...work, city: 'Pune', isDefault: true }, userId: user.id },
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = edited.json().data.user.addresses as {
      _id: string;
      city: string;
      isDefault: boolean;
    }[];
    expect(afterEdit.find((x) => x._id === b.id)).toMatchObject({ city: 'Pune', isDefault: true });
    expect(afterEdit.find((x) => x._id === a.id)?.isDefault).toBe(false);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${b.id}`,
      headers,
      payload: { userId: user.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.user.addresses).toEqual([
      expect.objectContaining({ _id: a.id, isDefault: true }),
    ]);
  });

  it('20 addresses added at once, each as the default: all stored, exactly one default', async () => {
    const { user, headers } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/addresses',
          headers,
          payload: {
            address: { ...home, addressLine1: `${i} Ripon Street`, isDefault: true },
            userId: user.id,
          },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 201));
    const rows = await ctx.database.db.select().from(addresses);
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });

  it('validates: required fields, 6-digit pincode, known state and type', async () => {
    const { user, headers } = await signedIn();
    const bad = async (address: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers,
        payload: { address, userId: user.id },
      });
    const noLine = await bad({ ...home, addressLine1: '  ' });
    expect(noLine.statusCode).toBe(400);
    expect(noLine.json().error).toBe('Please fill all required fields');
    for (const pincode of ['70001', '7000161', 'abcdef', 700016]) {
      const res = await bad({ ...home, pincode });
      expect(res.statusCode, String(pincode)).toBe(400);
      expect(res.json().details[0].path).toBe('body.address.pincode');
    }
    expect((await bad({ ...home, state: 'Atlantis' })).statusCode).toBe(400);
    expect((await bad({ ...home, state: '' })).statusCode).toBe(400);
    const wrongState = await bad({ ...home, city: 'Kolkata', state: 'Delhi', pincode: '700016' });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().details).toEqual([
      expect.objectContaining({ path: 'body.address.pincode', message: 'This pincode is not in Delhi' }),
    ]);
    expect((await bad({ ...home, addressType: 'Castle' })).statusCode).toBe(400);
    expect((await bad({ ...home, city: undefined })).statusCode).toBe(400);
    const listed = await ctx.app.inject({ url: `/api/addresses/${user.id}`, headers });
    expect(listed.json().data.addresses).toEqual([]);
  });

  it("refuses another user's id with 403 and another user's address with 404; guests get 401", async () => {
    const me = await signedIn();
    const other = await createUser(ctx.database.db);
    const theirs = await createAddress(ctx.database.db, other.id);

    const asOther = { address: home, userId: other.id };
    expect(
      (await ctx.app.inject({ url: `/api/addresses/${other.id}`, headers: me.headers })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers: me.headers, payload: asOther }))
        .statusCode,
    ).toBe(403);
    const editTheirs = await ctx.app.inject({
      method: 'PUT',
      url: `/api/addresses/${theirs.id}`,
      headers: me.headers,
      payload: { address: home, userId: me.user.id },
    });
    expect(editTheirs.statusCode).toBe(404);
    const deleteTheirs = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/addresses/${theirs.id}`,
      headers: me.headers,
      payload: { userId: me.user.id },
    });
    expect(deleteTheirs.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/addresses/${other.id}` })).statusCode).toBe(401);

    // Nothing of theirs changed.
    const admin = await signedIn('admin');
    const theirList = await ctx.app.inject({ url: `/api/addresses/${other.id}`, headers: admin.headers });
    expect(theirList.statusCode).toBe(200);
    expect(theirList.json().data.addresses).toEqual([
      expect.objectContaining({ _id: theirs.id, city: 'Kolkata' }),
    ]);
  });
});

describe('PUT /users/profile/:userId', () => {
  const put = (userId: string, headers: Record<string, string>, payload: object, ip = '10.30.0.1') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${userId}`,
      headers,
      payload,
      remoteAddress: ip,
    });

  it('edits name and phone without a password; a new email needs the current one and is told to the old address', async () => {
    const { user, headers } = await signedIn();
    const renamed = await put(user.id, headers, {
      name: 'Zainab Siddiqui',
      email: user.email,
      phone: '9830012345',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.user).toMatchObject({ name: 'Zainab Siddiqui', phone: '9830012345' });

    const profile = {
      name: 'Zainab Siddiqui',
      email: 'Zainab@Example.com',
      phone: '9830012345',
      address: [],
    };
    const onPasswordField = (res: { statusCode: number; json: () => { details?: { path: string }[] } }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().details?.map((d) => d.path)).toEqual(['body.currentPassword']);
    };
    const missing = await put(user.id, headers, profile);
    onPasswordField(missing);
    expect(missing.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_REQUIRED',
      error: 'Please enter your current password to change your email',
    });
    const wrong = await put(user.id, headers, { ...profile, currentPassword: 'not-my-password' });
    onPasswordField(wrong);
    expect(wrong.json().error).toBe('Your current password is incorrect');
    const [unchanged] = await ctx.database.db.select().from(users);
    expect(unchanged!.email).toBe(user.email);
    expect(smtp.inbox).toHaveLength(0);

    const res = await put(user.id, headers, { ...profile, currentPassword: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'zainab@example.com' });
    const notice = await smtp.waitFor(user.email);
    expect(notice.subject).toBe('Your email address was changed');
    expect(notice.text).toContain(`changed from ${user.email} to zainab@example.com`);
    expect(smtp.inbox.filter((mail) => mail.to.includes('zainab@example.com'))).toHaveLength(0);
  });

  it("refuses a taken email (409), bad fields (400) and another user's profile (403)", async () => {
    const { user, headers } = await signedIn();
    const other = await createUser(ctx.database.db, { email: 'taken@example.com' });
    const currentPassword = user.password;
    expect(
      (
        await put(user.id, headers, {
          name: 'A',
          email: 'TAKEN@example.com',
          phone: '9830012345',
          currentPassword,
        })
      ).statusCode,
    ).toBe(409);
    expect((await put(user.id, headers, { name: 'A', email: 'nope', phone: '9830012345' })).statusCode).toBe(
      400,
    );
    expect(
      (await put(user.id, headers, { name: '', email: 'a@example.com', phone: '9830012345' })).statusCode,
    ).toBe(400);
    expect(
      (
        await put(other.id, headers, {
          name: 'Hacker',
          email: 'h@example.com',
          phone: '9830012345',
          currentPassword,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await put(user.id, {}, { name: 'A', email: 'a@example.com', phone: '9830012345' })).statusCode,
    ).toBe(401);
  });

  it(`limits email changes to ${EMAIL_CHANGE_LIMITS.perAccount} an hour, so that the 409 cannot probe for accounts`, async () => {
    const { user, headers } = await signedIn();
    await createUser(ctx.database.db, { email: 'taken@example.com' });
    const attempt = (email: string, currentPassword = user.password) =>
      put(user.id, headers, { name: 'A', email, phone: '9830012345', currentPassword });
    const answers = [];
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.perAccount; i += 1) {
      answers.push(
        (await attempt(i === 0 ? 'taken@example.com' : `probe-${i}@example.com`, 'wrong-one')).statusCode,
      );
    }
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const limited = await attempt('taken@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('EMAIL_CHANGE_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Name and phone still change.
    expect(
      (await put(user.id, headers, { name: 'B', email: user.email, phone: '9830012345' })).statusCode,
    ).toBe(200);
  });
});

/** Signs in through the API, as the login page does: a session of its own, with both tokens. */
async function logIn(email: string, password: string, role: 'user' | 'admin' = 'user', ip = '10.31.0.1') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, role },
    remoteAddress: ip,
  });
  return {
    status: res.statusCode,
    headers: { authorization: `Bearer ${res.json()?.data?.accessToken as string}` },
    refreshToken: res.json()?.data?.refreshToken as string,
  };
}
const refreshes = async (refreshToken: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken },
    })
  ).statusCode;
const meStatus = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ url: '/api/auth/me', headers })).statusCode;

describe('PUT /users/password/:userId', () => {
  const put = (userId: string, headers: Record<string, string>, payload: object, ip = '10.32.0.1') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/users/password/${userId}`,
      headers,
      payload,
      remoteAddress: ip,
    });

  it('refuses a wrong current password beside its field, and changes nothing', async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin', password: 'first-pass-1' });
    const session = await logIn(admin.email, 'first-pass-1', 'admin');
    const wrong = await put(admin.id, session.headers, {
      currentPassword: 'not-my-password',
      newPassword: 'second-pass-2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      error: 'Your current password is incorrect',
      details: [{ path: 'body.currentPassword', message: 'Your current password is incorrect' }],
    });
    const missing = await put(admin.id, session.headers, {
      currentPassword: '',
      newPassword: 'second-pass-2',
    });
    expectValidationError(missing, 'body.currentPassword');
    expect(missing.json().details[0].message).toBe('Please enter your current password');
    const short = await put(admin.id, session.headers, {
      currentPassword: 'first-pass-1',
      newPassword: '12345',
    });
    expectValidationError(short, 'body.newPassword');
    expect((await logIn(admin.email, 'first-pass-1', 'admin')).status).toBe(200);
    expect((await logIn(admin.email, 'second-pass-2', 'admin')).status).toBe(401);
    expect(smtp.inbox).toHaveLength(0);
  });

  it('sets the new password (the old one stops working), ends the other sessions and tells the owner', async () => {
    const admin = await createUser(ctx.database.db, { role: 'admin', password: 'first-pass-1' });
    const here = await logIn(admin.email, 'first-pass-1', 'admin');
    const elsewhere = await logIn(admin.email, 'first-pass-1', 'admin', '10.31.0.2');
    const res = await put(admin.id, here.headers, {
      currentPassword: 'first-pass-1',
      newPassword: 'second-pass-2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Password changed' });
    expect((await logIn(admin.email, 'first-pass-1', 'admin')).status).toBe(401);
    expect((await logIn(admin.email, 'second-pass-2', 'admin')).status).toBe(200);
    // The session that made the change goes on; the other one has ended, both its tokens.
    expect(await meStatus(here.headers)).toBe(200);
    expect(await refreshes(here.refreshToken)).toBe(200);
    expect(await meStatus(elsewhere.headers)).toBe(401);
    expect(await refreshes(elsewhere.refreshToken)).toBe(401);
    const notice = await smtp.waitFor(admin.email);
    expect(notice.subject).toBe('Your password was changed');
    expect(notice.text).not.toContain('second-pass-2');
  });

  it("refuses another user's id (403), an admin's on a customer too, before the body is read", async () => {
    const customer = await createUser(ctx.database.db, { password: 'customer-pass-1' });
    const admin = await createUser(ctx.database.db, { role: 'admin', password: 'admin-pass-1' });
    const customerSession = await logIn(customer.email, 'customer-pass-1');
    const adminSession = await logIn(admin.email, 'admin-pass-1', 'admin');
    const theirs = await put(admin.id, customerSession.headers, {
      currentPassword: 'customer-pass-1',
      newPassword: 'taken-over-1',
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('NOT_YOUR_ACCOUNT');
    const adminOnCustomer = await put(customer.id, adminSession.headers, {
      currentPassword: 'admin-pass-1',
      newPassword: 'taken-over-1',
    });
    expect(adminOnCustomer.statusCode).toBe(403);
    // No body at all: still 403, not a 400 about the fields.
    expect((await put(customer.id, adminSession.headers, {})).statusCode).toBe(403);
    expect((await put(customer.id, {}, {})).statusCode).toBe(401);
    expect((await logIn(customer.email, 'customer-pass-1')).status).toBe(200);
    expect((await logIn(admin.email, 'admin-pass-1', 'admin')).status).toBe(200);
  });

  it(`limits wrong current passwords to ${PASSWORD_CHANGE_LIMITS.perAccount} an hour; right ones do not count`, async () => {
    const { user, headers } = await signedIn();
    const change = (currentPassword: string, newPassword: string) =>
      put(user.id, headers, { currentPassword, newPassword });
    expect((await change(user.password, 'changed-pass-1')).statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < PASSWORD_CHANGE_LIMITS.perAccount; i += 1) {
      answers.push((await change(`guess-${i}`, 'stolen-pass-1')).statusCode);
    }
    expect(answers).toEqual(answers.map(() => 400));
    const limited = await change('changed-pass-1', 'changed-pass-2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('PASSWORD_CHANGE_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('PUT /users/email/:userId', () => {
  const put = (userId: string, headers: Record<string, string>, payload: object, ip = '10.33.0.1') =>
    ctx.app.inject({ method: 'PUT', url: `/api/users/email/${userId}`, headers, payload, remoteAddress: ip });

  it('an admin (who has no phone) changes their email with the current password; the old address is told', async () => {
    const [admin] = await ctx.database.db
      .insert(users)
      .values({
        name: 'Administrator',
        email: 'admin@example.com',
        role: 'admin',
        passwordHash: await hashPassword('first-pass-1'),
      })
      .returning();
    const session = await logIn('admin@example.com', 'first-pass-1', 'admin');
    const wrong = await put(admin!.id, session.headers, {
      email: 'imam@darulilm.in',
      currentPassword: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'body.currentPassword', message: 'Your current password is incorrect' },
    ]);
    const res = await put(admin!.id, session.headers, {
      email: ' Imam@DarulIlm.in ',
      currentPassword: 'first-pass-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'imam@darulilm.in', phone: '', role: 'admin' });
    const notice = await smtp.waitFor('admin@example.com');
    expect(notice.subject).toBe('Your email address was changed');
    expect((await logIn('imam@darulilm.in', 'first-pass-1', 'admin')).status).toBe(200);
    expect((await logIn('admin@example.com', 'first-pass-1', 'admin')).status).toBe(401);
  });

  it("refuses a taken email beside the field (409), a bad one (400), another user's id (403)", async () => {
    const { user, headers } = await signedIn('admin');
    const other = await createUser(ctx.database.db, { email: 'taken@example.com' });
    const taken = await put(user.id, headers, { email: 'TAKEN@example.com', currentPassword: user.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([
      { path: 'body.email', message: 'An account with this email already exists' },
    ]);
    expectValidationError(
      await put(user.id, headers, { email: 'admin@localhost', currentPassword: user.password }),
      'body.email',
    );
    expect(
      (await put(other.id, headers, { email: 'mine@example.com', currentPassword: user.password }))
        .statusCode,
    ).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.email).toBe('taken@example.com');
  });
});

describe('bad input', () => {
  it('answers 400 VALIDATION_ERROR with the envelope and the field, and changes nothing', async () => {
    const { user, headers } = await signedIn();
    const address = await createAddress(ctx.database.db, user.id, { isDefault: true });
    const state = async () => ({
      users: await ctx.database.db.select().from(users),
      addresses: await ctx.database.db.select().from(addresses),
    });
    const before = await state();

    const userId = user.id;
    const profile = { name: 'Zainab Siddiqui', email: 'zainab@example.com', phone: '9830012345' };
    const one = `/api/addresses/${address.id}`;
    const cases: ['GET' | 'PUT' | 'DELETE', string, object | undefined, string][] = [
      ['PUT', one, { address: { ...home, pincode: '7000' }, userId }, 'body.address.pincode'],
      ['PUT', one, { address: { ...home, pincode: 700016 }, userId }, 'body.address.pincode'],
      ['PUT', one, { address: { ...home, city: undefined }, userId }, 'body.address.city'],
      ['PUT', one, { address: { ...home, addressLine1: undefined }, userId }, 'body.address.addressLine1'],
      ['PUT', one, { userId }, 'body.address'],
      ['PUT', one, { address: home }, 'body.userId'],
      ['DELETE', one, {}, 'body.userId'],
      ['DELETE', one, { userId: 42 }, 'body.userId'],
      ['GET', '/api/addresses/not-an-id', undefined, 'params.userId'],
      ['GET', `/api/addresses/${userId}x`, undefined, 'params.userId'],
      ['PUT', `/api/users/profile/${userId}`, { ...profile, name: undefined }, 'body.name'],
      ['PUT', `/api/users/profile/${userId}`, { ...profile, name: ['Zainab'] }, 'body.name'],
      ['PUT', `/api/users/profile/${userId}`, { ...profile, email: undefined }, 'body.email'],
      ['PUT', `/api/users/profile/${userId}`, { ...profile, email: 42 }, 'body.email'],
      ['PUT', `/api/users/profile/${userId}`, { ...profile, phone: undefined }, 'body.phone'],
      ['PUT', `/api/users/profile/${userId}`, { ...profile, phone: 9830012345 }, 'body.phone'],
    ];
    for (const [method, url, payload, field] of cases) {
      const label = `${method} ${url} ${JSON.stringify(payload)}`;
      const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expectValidationError(res, field, label);
    }

    expect(await state()).toEqual(before);
  });
});

describe('PUT /users/display-name/:userId', () => {
  const put = (userId: string, headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/users/display-name/${userId}`, headers, payload });
  const me = async (headers: Record<string, string>) =>
    (await ctx.app.inject({ url: '/api/auth/me', headers })).json().data.user;

  it("sets an admin's own display name, shown in /auth/me; blank clears it", async () => {
    const { user, headers } = await signedIn('admin');
    expect((await me(headers)).displayName).toBeNull();
    const res = await put(user.id, headers, { displayName: '  Shaikh Abdullah ibn Yusuf  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ displayName: 'Shaikh Abdullah ibn Yusuf', name: user.name });
    expect((await me(headers)).displayName).toBe('Shaikh Abdullah ibn Yusuf');
    const [row] = await ctx.database.db.select().from(users);
    expect(row!.displayName).toBe('Shaikh Abdullah ibn Yusuf');

    expect((await put(user.id, headers, { displayName: '   ' })).json().data.user.displayName).toBeNull();
    expect((await me(headers)).displayName).toBeNull();
  });

  it('says what is wrong with a bad one, next to the field', async () => {
    const { user, headers } = await signedIn('admin');
    const long = await put(user.id, headers, { displayName: 'x'.repeat(101) });
    expectValidationError(long, 'body.displayName');
    expect(long.json().details[0].message).toBe('Display name must be at most 100 characters long');
    const markup = await put(user.id, headers, { displayName: '<b>Shaikh</b>' });
    expectValidationError(markup, 'body.displayName');
    expect(markup.json().details[0].message).toBe('Display name cannot contain < or > or line breaks');
  });

  it("refuses customers and another admin's account (403)", async () => {
    const customer = await signedIn('user');
    const admin = await signedIn('admin');
    const mine = await put(customer.user.id, customer.headers, { displayName: 'Shaikh' });
    expect(mine.statusCode).toBe(403);
    expect((await put(customer.user.id, admin.headers, { displayName: 'Shaikh' })).statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row!.displayName).toBeNull();
  });
});
