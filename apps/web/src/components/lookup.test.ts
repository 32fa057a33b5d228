import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { lookupProblem } from './lookup';

const messages = { notFound: 'track.notFound', tooMany: 'track.tooMany', failed: 'track.failed' } as const;

describe('lookupProblem', () => {
  it('says not found for a 404, too many for a 429, and failed for anything else', () => {
    expect(lookupProblem(new ApiError('Order not found', 404, 'NOT_FOUND'), messages)).toBe('track.notFound');
    expect(lookupProblem(new ApiError('Too many requests', 429, 'RATE_LIMITED'), messages)).toBe(
      'track.tooMany',
    );
    expect(lookupProblem(new ApiError('Server error', 500, 'INTERNAL'), messages)).toBe('track.failed');
    expect(lookupProblem(new TypeError('Failed to fetch'), messages)).toBe('track.failed');
  });
});
