// @database: several server processes sending from one database
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from '../../db/client';
import { subscriptionCursors, subscriptionDeliveries, subscriptions } from '../../db/schema';
import { fakeWebDist } from '../../../test/support/app';
import { createFatwah } from '../../../test/support/factories';
import { freePort } from '../../../test/support/pg-cluster';
import {
  startServer,
  waitHealthy,
  withMigratedDatabase,
  type ServerProcess,
} from '../../../test/support/server-process';
import { startSmtpServer } from '../../../test/support/smtp';
import { weekStartOf } from './sender';

/**
 * The real server process on the embedded database, its sending job killed with SIGKILL in the middle of a batch,
 * then started again: every subscriber gets the mail, and a second copy goes only to a delivery that was in SMTP's
 * hands when the process died (decision 048's window), with the same Message-ID. Once per run (PGlite project).
 */
const embedded = process.env.TEST_DB !== 'postgres';
const MINUTE = 60_000;
const SUBSCRIBERS = 25;

describe.runIf(embedded)('the sending job in a server process killed mid-batch', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-subscriptions-'));
  const running = new Set<ServerProcess>();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The embedded database, opened by this process while no server runs. */
  async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openPglite>>['db']) => Promise<T>) {
    const database = await openPglite(path.join(dataDir, 'pglite'));
    try {
      await database.migrate();
      return await work(database.db);
    } finally {
      await database.close();
    }
  }

  it('sends every subscriber the new answer after a SIGKILL; only a mail in flight may come twice', async () => {
    // A slow mail provider: each mail is accepted 150 ms after its data, so a batch is under way when the kill comes.
    smtp = await startSmtpServer({ acceptAfterMs: 150 });
    withMigratedDatabase(dataDir);
    const now = Date.now();
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `killed${i}@example.com`);
    await withDatabase(async (db) => {
      await db.insert(subscriptions).values(
        emails.map((email) => ({
          email,
          fatwahs: true,
          frequency: 'immediate' as const,
          status: 'confirmed' as const,
          confirmedAt: new Date(now - 60 * MINUTE),
        })),
      );
      // Published two minutes ago, after the job's cursor: the first run plans it for all 25.
      await createFatwah(db, { question: 'Sent once to each?', createdAt: new Date(now - 2 * MINUTE) });
      await db.insert(subscriptionCursors).values([
        { name: 'items', until: new Date(now - 10 * MINUTE) },
        { name: 'digest', until: weekStartOf(new Date(now)) },
      ]);
    });

    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST_DIR: fakeWebDist(dataDir),
      SMTP_URL: smtp.url,
      SUBSCRIPTIONS_INTERVAL_MS: '200',
    };
    const start = async () => {
      const server = startServer(env);
      running.add(server);
      void server.exited.then(() => running.delete(server));
      await waitHealthy(port, server);
      return server;
    };

    const first = await start();
    await vi.waitFor(() => expect(smtp!.inbox.length).toBeGreaterThanOrEqual(10), {
      timeout: 60_000,
      interval: 5,
    });
    first.child.kill('SIGKILL');
    await first.exited;
    // Mails whose data reached the provider before the kill are still accepted by it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const beforeRestart = smtp.inbox.length;
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

    // What the dead run left: sent, claimed (`sending`), queued. Its claims are made old, as 15 minutes later.
    const left = await withDatabase(async (db) => {
      const rows = await db
        .select({ status: subscriptionDeliveries.status, email: subscriptions.email })
        .from(subscriptionDeliveries)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId));
      await db
        .update(subscriptionDeliveries)
        .set({ claimedAt: sql`${subscriptionDeliveries.claimedAt} - interval '20 minutes'` })
        .where(eq(subscriptionDeliveries.status, 'sending'));
      return rows;
    });
    expect(left).toHaveLength(SUBSCRIBERS);
    const claimed = new Set(left.filter((row) => row.status === 'sending').map((row) => row.email));
    expect(claimed.size).toBeLessThanOrEqual(3);

    const second = await start();
    await vi.waitFor(() => expect(new Set(smtp!.inbox.flatMap((mail) => mail.to)).size).toBe(SUBSCRIBERS), {
      timeout: 60_000,
      interval: 20,
    });
    // A few more runs: nothing else goes out.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    second.child.kill('SIGTERM');
    await second.exited;

    const received = new Map<string, string[]>();
    for (const mail of smtp.inbox) {
      const messageId = /^Message-ID: (.*)$/im.exec(mail.raw)?.[1]?.trim() ?? '';
      for (const to of mail.to) received.set(to, [...(received.get(to) ?? []), messageId]);
    }
    // No gap: every subscriber has it.
    expect([...received.keys()].sort()).toEqual([...emails].sort());
    for (const [email, ids] of received) {
      if (ids.length > 1) {
        // Only a delivery claimed when the process died may come twice, and then with its one Message-ID.
        expect(claimed.has(email), email).toBe(true);
        expect(new Set(ids).size).toBe(1);
      }
      expect(ids.length).toBeLessThanOrEqual(2);
    }
    const sentTwice = [...received.values()].filter((ids) => ids.length > 1).length;
    expect(smtp.inbox.length).toBe(SUBSCRIBERS + sentTwice);
  }, 240_000);
});
