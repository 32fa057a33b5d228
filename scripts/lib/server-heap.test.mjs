import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, SERVER_HEAP_FLAG } from './build.mjs';

describe('the server heap flag', () => {
  it('is the one `npm start` and the deployment unit run the server with', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(scripts.start).toBe(`node ${SERVER_HEAP_FLAG} scripts/start.mjs`);
    const unit = fs.readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');
    expect(unit).toContain(`ExecStart=/usr/bin/node ${SERVER_HEAP_FLAG} apps/server/dist/main.js`);
  });
});
