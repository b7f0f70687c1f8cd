import type { Clock } from './clock';

/**
 * The wallet scheduler: named tasks that look for due work (withdrawals due for processing,
 * store orders due for delivery, deposits reaching their confirmations) and do it. A task is
 * idempotent and reads "due" from the database against the injected clock, so moving the dev
 * clock makes work due, several API processes may run the same task, and a missed run only
 * delays work. Ticks run one task at a time; a failing task is logged and retried next tick.
 *
 * The tasks are the jobs of jobs/ (one file each), registered by buildApp. buildApp creates the
 * scheduler stopped: start.ts starts it (SCHEDULER=true, the default); tests call
 * `runTask(name)` (and the operator CLI has `run-now` commands that call the same functions).
 */

export interface ScheduledTask {
  name: string;
  run(now: Date): Promise<unknown>;
  /**
   * A job whose work falls due only as the clock passes dates (a 14-day unstake, the 1st of a
   * month, an hourly key check): ticks run it at most once per this much of the clock's time,
   * so an idle process does not ask the database every second. Moving the clock on (or back)
   * makes it due at the next tick; `runTask` always runs it. Unset: every tick.
   */
  everyMs?: number;
}

export interface SchedulerLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Runs `work` only if this process may run task `name` now (a lease across processes, see
 * domain/wallet/leases.ts); `{ ran: false }` when another process is running it.
 */
export type TaskGuard = <T>(
  name: string,
  work: () => Promise<T>,
) => Promise<{ ran: true; result: T } | { ran: false }>;

/**
 * The leases of several tasks at once (domain/wallet/leases.ts): a tick takes the leases of all
 * its tasks in one call instead of one call per task (two database writes per task and tick was
 * most of an idle API's work).
 */
export interface TaskLeaseBatch {
  /** Take the leases of `names` that are free or expired; answers the names taken. */
  take(names: readonly string[]): Promise<Set<string>>;
  /** Give back leases this process holds. */
  release(names: readonly string[]): Promise<void>;
}

/**
 * How often ticks run the jobs whose work falls due only as the clock passes dates (`everyMs`):
 * their due times are days, months or an hour apart, so a minute late is nothing.
 */
export const DATE_DRIVEN_EVERY_MS = 60_000;

/** Another process holds the task's lease: nothing ran. */
export class TaskBusy extends Error {
  constructor(readonly task: string) {
    super(`${task} is running in another process; try again in a moment`);
    this.name = 'TaskBusy';
  }
}

export interface Scheduler {
  register(task: ScheduledTask): void;
  readonly tasks: readonly string[];
  /** Run one task now (waits for a running tick first). TaskBusy when another process runs it. */
  runTask(name: string): Promise<unknown>;
  /**
   * Run `work` as task `name` would run: after this process's running tick and under the task's
   * lease (operator commands that do a task's work with other options, e.g. `withdrawals run`).
   * TaskBusy when another process runs it.
   */
  runExclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Run every task once, in registration order. */
  tick(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  readonly running: boolean;
}

export function createScheduler(options: {
  clock: Clock;
  log: SchedulerLogger;
  pollMs: number;
  /** one process at a time per task (default: no guard, for a single process) */
  guard?: TaskGuard;
  /**
   * With `guard`: a tick takes all its tasks' leases at once and gives the finished ones back
   * at its end. A tick still running after `batchWindowMs` (default 1,000) gives back at once
   * what it holds but is not running and goes on task by task through `guard`, so another
   * process may run those meanwhile, as it may when every task takes its own lease.
   */
  batch?: TaskLeaseBatch;
  batchWindowMs?: number;
}): Scheduler {
  const guard: TaskGuard =
    options.guard ?? (async (_name, work) => ({ ran: true, result: await work() }));
  const exclusive = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const outcome = await guard(name, work);
    if (!outcome.ran) throw new TaskBusy(name);
    return outcome.result;
  };
  const tasks = new Map<string, ScheduledTask>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const failing = new Set<string>();
  /** the clock's time of each `everyMs` task's last run by a tick */
  const lastRun = new Map<string, number>();
  const isDue = (task: ScheduledTask, now: number) => {
    const last = lastRun.get(task.name);
    return (
      task.everyMs === undefined || last === undefined || now < last || now - last >= task.everyMs
    );
  };
  /** what a tick runs: every task, less the `everyMs` ones run lately */
  const dueTasks = () => {
    const now = options.clock.now().getTime();
    return [...tasks.values()].filter((task) => isDue(task, now));
  };
  /** a tick ran `task` at `now` (another process running it counts: it is being done) */
  const ran = (task: ScheduledTask, now: Date) => {
    if (task.everyMs !== undefined) lastRun.set(task.name, now.getTime());
  };

  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  async function runLogged(
    task: ScheduledTask,
    run: (now: Date) => Promise<unknown> = (now) => guard(task.name, () => task.run(now)),
  ): Promise<void> {
    const now = options.clock.now();
    try {
      // another process running it is not a failure: it is being done
      await run(now);
      ran(task, now);
      if (failing.delete(task.name))
        options.log.info({ task: task.name }, 'scheduler: task recovered');
    } catch (error) {
      if (!failing.has(task.name)) {
        failing.add(task.name);
        options.log.error(
          { task: task.name, err: (error as Error).message },
          'scheduler: task failed, retrying next tick',
        );
      }
    }
  }

  /** A tick under leases taken together (see `batch`). */
  async function batchTick(batch: TaskLeaseBatch): Promise<void> {
    const due = dueTasks();
    if (due.length === 0) return;
    let held: Set<string>;
    try {
      held = await batch.take(due.map((task) => task.name));
    } catch {
      // the database refused: each task tries its own lease and logs its failure
      for (const task of due) await runLogged(task);
      return;
    }
    const giveBack = (names: string[]) =>
      names.length === 0 ? Promise.resolve() : batch.release(names).catch(() => undefined); // else they expire
    let together = true;
    let current: string | undefined;
    let windowRelease: Promise<void> = Promise.resolve();
    const window = setTimeout(() => {
      together = false;
      const idle = [...held].filter((name) => name !== current);
      held = new Set(current === undefined ? [] : [current]);
      windowRelease = giveBack(idle);
    }, options.batchWindowMs ?? 1000);
    window.unref();
    try {
      for (const task of due) {
        if (!together) {
          await runLogged(task);
          continue;
        }
        if (!held.has(task.name)) continue; // another process runs it
        current = task.name;
        await runLogged(task, (now) => task.run(now));
        current = undefined;
        if (!together) {
          held.delete(task.name);
          await giveBack([task.name]);
        }
      }
    } finally {
      clearTimeout(window);
      await windowRelease;
      await giveBack([...held]);
    }
  }

  const tick = () =>
    serial(async () => {
      if (options.guard && options.batch) return batchTick(options.batch);
      for (const task of dueTasks()) await runLogged(task);
    });

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      void tick().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    register(task) {
      if (tasks.has(task.name)) throw new Error(`scheduler: task ${task.name} registered twice`);
      tasks.set(task.name, task);
    },
    get tasks() {
      return [...tasks.keys()];
    },
    runTask(name) {
      const task = tasks.get(name);
      if (!task) return Promise.reject(new Error(`scheduler: no task ${name}`));
      return serial(() => exclusive(name, () => task.run(options.clock.now())));
    },
    runExclusive(name, work) {
      return serial(() => exclusive(name, work));
    },
    tick,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
    },
    get running() {
      return running;
    },
  };
}
