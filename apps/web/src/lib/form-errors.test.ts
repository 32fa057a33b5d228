import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverIssues, sortIssues } from './form-errors';

const FIELDS = ['name', 'email', 'categories', 'pincode'] as const;

describe('sortIssues', () => {
  it('gives each field its first message, by the last segment of the path that names a field', () => {
    expect(
      sortIssues(FIELDS, [
        { path: ['name'], message: 'Please fill all contact details' },
        { path: ['address', 'pincode'], message: 'Pincode must be exactly 6 digits' },
        { path: ['address', 'pincode'], message: 'This pincode is not in Delhi' },
        { path: ['categories', 0], message: 'Unknown category' },
        { path: ['cartItems', 0, 'quantity'], message: 'At most 50 copies of a book' },
      ]),
    ).toEqual({
      errors: {
        name: 'Please fill all contact details',
        pincode: 'Pincode must be exactly 6 digits',
        categories: 'Unknown category',
      },
      unplaced: ['At most 50 copies of a book'],
    });
  });
});

describe('serverIssues', () => {
  it("reads a refusal's details as issues, and nothing from any other failure", () => {
    const refused = new ApiError('This pincode is not in Delhi', 400, 'VALIDATION_ERROR', [
      { path: 'body.address.pincode', message: 'This pincode is not in Delhi' },
      { path: 'body.email', message: 'Please enter a valid email address' },
    ]);
    const issues = serverIssues(refused);
    expect(issues).toEqual([
      { path: ['body', 'address', 'pincode'], message: 'This pincode is not in Delhi' },
      { path: ['body', 'email'], message: 'Please enter a valid email address' },
    ]);
    expect(sortIssues(FIELDS, issues).errors).toEqual({
      pincode: 'This pincode is not in Delhi',
      email: 'Please enter a valid email address',
    });
    expect(serverIssues(new ApiError('Invalid email or password', 401, 'INVALID_CREDENTIALS'))).toEqual([]);
    expect(serverIssues(new TypeError('Failed to fetch'))).toEqual([]);
  });
});
