import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions and schemas, no module replaced and no global touched: the files share one module graph per
    // worker instead of loading zod and the schemas again for each.
    isolate: false,
  },
});
