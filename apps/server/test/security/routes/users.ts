import { OWNER_PASSWORD } from '../world';
import { adminOnly, owned, type Expected, type Rows } from './cells';

/** The caller's own email and password: the owner only; neither another customer nor an admin. */
const ownAccount: Expected = { guest: 401, user: 200, other: 403, admin: 403 };

/** Users: what each caller must get. */
export const usersRows: Rows = {
  // Profile and addresses belong to their user.
  'PUT /api/users/profile/:userId': {
    expect: owned(),
    request: (world) => ({
      method: 'PUT',
      url: `/api/users/profile/${world.owner.id}`,
      payload: { name: 'Owner', email: world.owner.email, phone: '9876543210' },
    }),
  },
  // The same email again changes nothing; the password is set to what it was.
  'PUT /api/users/email/:userId': {
    expect: ownAccount,
    request: (world) => ({
      method: 'PUT',
      url: `/api/users/email/${world.owner.id}`,
      payload: { email: world.owner.email, currentPassword: OWNER_PASSWORD },
    }),
  },
  'PUT /api/users/password/:userId': {
    expect: ownAccount,
    request: (world) => ({
      method: 'PUT',
      url: `/api/users/password/${world.owner.id}`,
      payload: { currentPassword: OWNER_PASSWORD, newPassword: OWNER_PASSWORD },
    }),
  },
  // An admin's own display name: customers have none, another admin's is not theirs to set.
  'PUT /api/users/display-name/:userId': {
    expect: adminOnly(),
    request: (world) => ({
      method: 'PUT',
      url: `/api/users/display-name/${world.admin.id}`,
      payload: { displayName: 'Shaikh Abdullah' },
    }),
  },
};
