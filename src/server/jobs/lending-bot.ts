import { LENDING_BOT_TASK, runBot } from '../domain/lending/bot';
import { lendingDepsOf } from '../domain/lending/context';
import type { ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `lending-bot`: each lending subscription's cycle about every 10 minutes of the clock: deals
 * and interest recorded from the exchange, unfilled offers cancelled and the idle amount lent
 * again spread over the funding book (domain/lending/bot.ts).
 */
export function lendingBotJob(deps: JobDeps): ScheduledTask {
  const lending = lendingDepsOf(deps, deps.outbox);
  return { name: LENDING_BOT_TASK, run: (now) => runBot(lending, now) };
}
