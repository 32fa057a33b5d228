import { adminOnly, owned, type Rows } from './cells';

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
