import type { TestContext } from './app';

/**
 * Signs in at the desk's login (role `admin`, as the desk's form sends it) from `remoteAddress`: the answer, as it
 * came. Each caller passes an address of its own, so that the login limits of one test do not reach another's.
 */
export function adminLogin(
  ctx: Pick<TestContext, 'app'>,
  email: string,
  password: string,
  remoteAddress: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, role: 'admin' },
    remoteAddress,
  });
}
