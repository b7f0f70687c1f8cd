/**
 * Fault injection for the crash tests (tests/faults/): `faultPoint(name)` marks a spot where a
 * crash could lose or double money (an external effect done and its ledger write not committed
 * yet, or the ledger committed and the job not finished). A process started with
 * `FAULT_KILL_AT=<point>` (or `<point>@<n>`: the n-th time the point is reached) and NODE_ENV
 * `test` or `development` kills itself there with SIGKILL: no finally block, no shutdown hook,
 * no flush, as a power cut or the OOM killer would. Without the variable, or in production
 * (NODE_ENV unset counts as production, as in config.ts), `faultPoint` is an empty function
 * chosen once at load, so the money paths pay one call of nothing.
 */

/** The spots the crash tests kill the API at. */
export type FaultPoint =
  /** a withdrawal's signed transaction has been sent to the node; the row is not `broadcast` yet */
  | 'withdrawal.sent'
  /** a deposit's ledger transaction is written inside its database transaction, not committed */
  | 'deposit.credit'
  /** one day of an earn product's settlement is written (ledger, events, cursors), not committed */
  | 'earn.settle-day'
  /** a store order's BCNT delivery is posted in the ledger, the order not marked delivered */
  | 'store.delivery';

interface Armed {
  point: string;
  /** kill on this arrival at the point (1 = the first) */
  at: number;
}

function armedFrom(env: NodeJS.ProcessEnv): Armed | undefined {
  const value = env.FAULT_KILL_AT?.trim();
  const nodeEnv = env.NODE_ENV?.trim();
  if (!value || (nodeEnv !== 'test' && nodeEnv !== 'development')) return undefined;
  const [point = '', at = '1'] = value.split('@');
  const count = Number(at);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`FAULT_KILL_AT: bad count in ${value}`);
  return { point, at: count };
}

function killingFaultPoint(armed: Armed): (name: FaultPoint) => void {
  let arrivals = 0;
  return (name) => {
    if (name !== armed.point) return;
    arrivals += 1;
    if (arrivals < armed.at) return;
    // stderr is a pipe or a file in the tests: written synchronously before the signal
    process.stderr.write(`fault: killed at ${name} (${arrivals})\n`);
    process.kill(process.pid, 'SIGKILL');
  };
}

const armed = armedFrom(process.env);

/** Where a crash would hurt; a no-op unless this process was started to die here. */
export const faultPoint: (name: FaultPoint) => void = armed
  ? killingFaultPoint(armed)
  : () => undefined;
