import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from './constants';
import { pincodeMatchesState } from './pincodes';
import { addressInputSchema, guestInfoSchema } from './index';

describe('pincodeMatchesState', () => {
  it('knows the postal circle of every state', () => {
    const known: Record<string, string> = {
      Delhi: '110001',
      'West Bengal': '700016',
      Maharashtra: '400001',
      Karnataka: '560001',
      'Tamil Nadu': '600001',
      Kerala: '682001',
      Telangana: '500001',
      'Andhra Pradesh': '520001',
      'Uttar Pradesh': '226001',
      Uttarakhand: '248001',
      Jharkhand: '834001',
      Bihar: '800001',
      Goa: '403001',
      Chandigarh: '160017',
      Puducherry: '605001',
      Sikkim: '737101',
      Ladakh: '194101',
      'Jammu and Kashmir': '190001',
    };
    for (const [state, pincode] of Object.entries(known))
      expect(pincodeMatchesState(pincode, state)).toBe(true);
    // every state accepts at least one code, so none is unreachable
    for (const state of INDIAN_STATES) {
      const any = Array.from({ length: 900 }, (_, i) => `${100 + i}001`).some((code) =>
        pincodeMatchesState(code, state),
      );
      expect(any, state).toBe(true);
    }
  });

  it('refuses a code of another circle', () => {
    expect(pincodeMatchesState('700016', 'Delhi')).toBe(false);
    expect(pincodeMatchesState('110001', 'West Bengal')).toBe(false);
    expect(pincodeMatchesState('400001', 'Karnataka')).toBe(false);
  });

  it('accepts the Army Postal Service anywhere, and leaves malformed codes and unknown states to other checks', () => {
    expect(pincodeMatchesState('908001', 'Kerala')).toBe(true);
    expect(pincodeMatchesState('70001', 'Delhi')).toBe(true);
    expect(pincodeMatchesState('700016', 'Atlantis')).toBe(true);
  });
});

describe('address schemas', () => {
  const address = { addressLine1: '12 Park Street', city: 'Kolkata', state: 'Delhi', pincode: '700016' };

  it('put a pincode of another state on the pincode field', () => {
    const result = addressInputSchema.safeParse(address);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['pincode'], message: 'This pincode is not in Delhi' }),
    ]);
    expect(addressInputSchema.safeParse({ ...address, state: 'West Bengal' }).success).toBe(true);
  });

  it('require a state: none is chosen for the customer', () => {
    const result = addressInputSchema.safeParse({ ...address, state: '' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['state']]);
  });

  it('check the guest address the same way', () => {
    const guest = { name: 'Amina', email: 'amina@example.com', phone: '9876543210', address };
    const result = guestInfoSchema.safeParse(guest);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['address', 'pincode'], message: 'This pincode is not in Delhi' }),
    ]);
  });
});
