import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/storage/db/database.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

/**
 * A PGlite statement runs inside the process and its promise is settled when it returns, so a run of statements is one
 * chain of microtasks: unless the pool lets the event loop turn, a service on the embedded default reads no request,
 * fires no timer and refreshes no lock until a job's statements end (PGLITE_TURN_MS).
 */
describe.each(testEngines())('a long run of statements on %s', (engine) => {
  let database: Database;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = http.createServer((_request, response) => response.end('here'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it('lets the process answer a request and fire its timers while the statements go on', async () => {
    const LIMIT = 20_000;
    let statements = 0;
    let answeredAt: number | undefined;
    let timerAt: number | undefined;
    const answer = fetch(url)
      .then((response) => response.text())
      .then((text) => {
        expect(text).toBe('here');
        answeredAt = statements;
      });
    setTimeout(() => (timerAt = statements), 5);
    // a job's writes: statement after statement in one transaction, never waiting on anything else
    await database.db.transaction().execute(async (trx) => {
      while (statements < LIMIT && (answeredAt === undefined || timerAt === undefined)) {
        await sql`select ${statements}::int as n`.execute(trx);
        statements++;
      }
    });
    await answer;
    // both came while the run went on, not after it had ended
    expect(answeredAt).toBeLessThan(LIMIT);
    expect(timerAt).toBeLessThan(LIMIT);
  });
});
