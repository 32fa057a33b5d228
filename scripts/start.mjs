// `npm start`: builds whatever is missing or older than its sources, then runs the server in this process.
import { pathToFileURL } from 'node:url';
import { ensureBuilt, serverEntry } from './lib/build.mjs';

ensureBuilt();
await import(pathToFileURL(serverEntry).href);
