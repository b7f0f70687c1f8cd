/**
 * Node options of the API process (`npm start`, the e2e stacks, the benchmarks' API). V8's young
 * generation grows to 32 MB semi-spaces instead of Node 20's 16 MB: a request's short-lived
 * objects die in half as many scavenges and fewer survive into the old generation. Measured with
 * `npm run bench` (GET WalletInfo at 1,000/s on PGlite, runs alternated, this machine idle): the
 * responses' own p99 11.3, 10.7 and 12.8 ms against 14.1, 24.2 and 12.3 ms, scavenges 12 against
 * 23 per run, and the API's CPU 1.56 to 1.89 s against 1.88 to 2.13 s per 10 s. It costs up to
 * about 48 MB more memory per process.
 */
export const API_NODE_OPTIONS = ['--max-semi-space-size=32'] as const;

/** `env.NODE_OPTIONS` with the API's options added (for a process started through tsx or npx). */
export function withApiNodeOptions(env: NodeJS.ProcessEnv): string {
  return [env.NODE_OPTIONS, ...API_NODE_OPTIONS].filter(Boolean).join(' ');
}
