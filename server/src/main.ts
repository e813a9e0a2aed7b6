import { ConfigError, loadConfig } from './config/config.js';
import { createLogger, wantsPrettyLogs } from './http/logging.js';
import { makeFolderPrivate, useOwnerOnlyFiles } from './storage/private-folder.js';
// each mode loads only what it uses: a CLI command answers without loading the service (and its sign-in provider)

/** how long SIGTERM/SIGINT may take before the process exits regardless (orchestrators kill at 30 s) */
const STOP_DEADLINE_MS = 25_000;

const USAGE = `byggdok <mode>

  serve     API and workers in one process (default)
  api       API only
  worker    workers only
  migrate   apply database migrations and exit
  admin     operator commands (byggdok admin --help)
  demo      a building with example documents on the running service (idempotent; --json, --url, --token)
  upload <folder> --owner <id> --building <id>   a partner's files, folders kept, followed until processed
  search <query> --owner <id> [--building <id>]  the hits
  ask <question> --owner <id> [--building <id>]  the answer as it is written, then its citations
  export <folder> --owner <id> --building <id>   every document at its original path, and its metadata
  maintenance export --owner <id> [--building <id>] [--format csv|ics] [--start YYYY-MM-DD] [--out <file>]
                                                 the maintenance plan as CSV or iCalendar
  webhooks <list|create|update|rotate|delete|test|deliveries>   the partner's webhooks (byggdok webhooks --help)
            (these with the partner's key: --key or BYGGDOK_API_KEY; byggdok upload --help)
  mcp --url <url> --key <key>   an MCP server on stdio for desktop assistants (the service also serves /mcp)
  backup <dir>          back up the database and every stored file (--verify <dir>: check a backup)
  restore <dir>         restore a backup into an empty installation (any engine, any file store)
  verify-backup <dir>   check every file of a backup against its checksums
`;

async function main(argv: string[]): Promise<number> {
  const [mode = 'serve', ...rest] = argv;
  if (mode === 'help' || mode === '--help' || mode === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  // before anything is written: the data folder, backups and temporary files are the owner's only
  useOwnerOnlyFiles();
  const config = loadConfig(process.env);
  if (mode === 'admin') return (await import('./cli/admin.cli.js')).runAdminCli({ argv: rest, config });
  if (mode === 'demo') return (await import('./cli/demo.cli.js')).runDemoCli({ argv: rest, config });
  if (mode === 'upload' || mode === 'search' || mode === 'ask' || mode === 'export' || mode === 'maintenance')
    return (await import('./cli/partner.cli.js')).runPartnerCli({ command: mode, argv: rest, config });
  if (mode === 'webhooks') return (await import('./cli/webhooks.cli.js')).runWebhooksCli({ argv: rest, config });
  if (mode === 'mcp') return (await import('./cli/mcp.cli.js')).runMcpCli({ argv: rest, config });
  if (mode === 'backup' || mode === 'restore' || mode === 'verify-backup')
    return (await import('./cli/backup.cli.js')).runBackupCli({ mode, argv: rest, config });

  const logger = createLogger({
    level: config.logLevel,
    pretty: wantsPrettyLogs(config.logFormat, process.stdout),
    // a generated operator token starts with adm_, which is redacted anyway; one chosen by hand is told here
    secrets: [config.adminToken],
  });
  const { fixed } = await makeFolderPrivate(config.dataDir);
  if (fixed > 0) {
    logger.warn(
      { path: config.dataDir, fixed },
      'the data folder was open to other accounts: made owner-only (folders 0700, files 0600)',
    );
  }
  const { databaseTargetOf, openDatabase } = await import('./storage/db/database.js');
  if (mode === 'migrate') {
    const { migrateToLatest } = await import('./storage/db/migrations/index.js');
    const database = await openDatabase(databaseTargetOf(config));
    try {
      const { applied } = await migrateToLatest(database.db);
      logger.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date');
    } finally {
      await database.close();
    }
    return 0;
  }
  if (mode !== 'serve' && mode !== 'api' && mode !== 'worker') {
    process.stderr.write(`Unknown mode "${mode}".\n\n${USAGE}`);
    return 2;
  }
  // Listening for SIGTERM from the start: a worker runs jobs before its start has finished (schedules, logs), and a
  // process manager may stop a process that is still starting. Killed by the signal's default action there, the
  // jobs it held stayed active until they expired (15 minutes by default) before anyone retried them.
  let stopNow: ((signal: string) => void) | null = null;
  let stopRequested: string | null = null;
  const onSignal = (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    logger.info({ signal }, 'stopping');
    // a stop that hangs (a connection that never ends, a job that ignores its abort) must not keep the process up:
    // jobs left unfinished are retried by the next worker, as after a crash
    setTimeout(() => {
      logger.error({ afterMs: STOP_DEADLINE_MS }, 'stop did not finish in time: exiting anyway');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    stopNow?.(signal);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  // PGlite compiles its WebAssembly on other threads: opened while the rest of the service loads
  const database = openDatabase(databaseTargetOf(config));
  // handled where it is awaited (startService); this only keeps a quick failure from counting as unhandled meanwhile
  database.catch(() => undefined);
  const { startService } = await import('./app/run-server.js');
  const service = await startService({
    config,
    logger,
    api: mode !== 'worker',
    workers: mode !== 'api',
    database,
  });
  stopNow = () => {
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  // told to stop while it was starting: stopped now that there is something to stop
  if (stopRequested) stopNow(stopRequested);
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    // said in one line: a configuration mistake, or a data folder another process holds (DatabaseLockedError)
    if (error instanceof ConfigError || (error instanceof Error && error.name === 'DatabaseLockedError')) {
      process.stderr.write(`byggdok: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`byggdok: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
