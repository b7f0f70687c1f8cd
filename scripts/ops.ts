/**
 * Operator CLI: `npm run ops -- <command> [options]` (run `npm run ops -- help`).
 *
 * The entry only: the CLI is runOpsCli in src/server/ops/cli.ts (how it reaches the database,
 * its exit codes 0 done, 1 failed, 2 usage or invalid input).
 */
import { runOpsCli } from '../src/server/ops/cli';

runOpsCli(process.argv.slice(2), { env: process.env, out: console.log, err: console.error }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
