/** Test helpers of the fatwahs feature. */

/** A question Yunus asked that waits on the desk for its answer, as the desk's API sends it; `fields` set the rest. */
export const aPendingQuestion = (fields: {
  reference: string;
  question: string;
  language: string;
  categories: string[];
}) => ({
  _id: '0190b0a0-0000-7000-8000-0000000000f4',
  translationOf: null,
  status: 'pending',
  askerName: 'Yunus',
  showAskerName: false,
  askerEmail: 'yunus@example.com',
  answeredBy: null,
  publishedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});
