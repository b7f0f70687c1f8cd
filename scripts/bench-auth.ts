// `npm run bench:auth`: logins per second and latency of POST /member/login on this machine.
// Starts the API in-process on a random port (in-memory PGlite, logging off), registers members
// through the API, then runs complete logins over HTTP (captcha challenge, solve, login) with a
// fixed concurrency. All requests come from 127.0.0.1, so the per-IP limits are scaled up; the
// per-account throttle and everything else run as in production (argon2id m=19456 t=2 p=1).
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  DEVICE_HEADERS,
  DEVICE_TYPE,
  type CaptchaChallenge,
  type LoginResult,
} from '../src/shared/api/auth';
import { buildApp } from '../src/server/app';
import { solveCaptchaChallenge } from '../src/server/domain/auth/captcha';
import { percentile } from './lib/percentile';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = 20;

interface Member {
  email: string;
  password: string;
  clientId: string;
}

async function main() {
  const app = await buildApp({
    env: { NODE_ENV: 'test' },
    config: {
      jwtSecret: randomUUID() + randomUUID(),
      rpcUrl: 'http://127.0.0.1:9',
      serveApp: false,
      captchaMaxNumber: 1000,
      rateLimitScale: 1000,
    },
    db: { inMemory: true },
    logger: false,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
    const body = (await res.json()) as { status: number; message: string; data: unknown };
    if (body.status !== 0) throw new Error(`${path}: ${res.status} ${body.message}`);
    return body.data;
  };
  const captcha = async () =>
    solveCaptchaChallenge((await json('/member/geetest/initialize')) as CaptchaChallenge);
  const headers = (clientId: string, type: number) => ({
    [DEVICE_HEADERS.clientId]: clientId,
    [DEVICE_HEADERS.deviceType]: String(type),
    [DEVICE_HEADERS.deviceOs]: 'Linux',
    [DEVICE_HEADERS.deviceAgent]: 'Benchmark on Linux',
  });

  console.log(`Registering ${MEMBERS} members…`);
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const member = {
      email: `bench-${i}-${Date.now()}@example.com`,
      password: `Bench${i}pass${i}`,
      clientId: randomUUID(),
    };
    await json('/member/register', {
      method: 'POST',
      headers: headers(member.clientId, DEVICE_TYPE.register),
      body: JSON.stringify({
        accountType: 'individual',
        userName: `Bench ${i}`,
        email: member.email,
        mobile: `+8869${String(10_000_000 + i)}`,
        password: member.password,
        confirmPassword: member.password,
        agreement: true,
        privacyPolicy: true,
        captcha: await captcha(),
      }),
    });
    members.push(member);
  }

  const loginLatencies: number[] = [];
  const totalLatencies: number[] = [];
  const login = async (member: Member, record: boolean) => {
    const started = performance.now();
    const solution = await captcha();
    const posted = performance.now();
    const result = (await json('/member/login', {
      method: 'POST',
      headers: headers(member.clientId, DEVICE_TYPE.login),
      body: JSON.stringify({
        email: member.email,
        password: member.password,
        grant_type: 'password',
        source: 0,
        step: 1,
        captcha: solution,
      }),
    })) as LoginResult;
    if (result.result !== 'success') throw new Error(`unexpected login result ${result.result}`);
    const done = performance.now();
    if (record) {
      loginLatencies.push(done - posted);
      totalLatencies.push(done - started);
    }
  };

  for (let i = 0; i < WARMUP; i += 1) await login(members[i % MEMBERS]!, false);

  console.log(`Running ${LOGINS} logins with concurrency ${CONCURRENCY}…`);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < LOGINS) {
        const i = next++;
        await login(members[i % MEMBERS]!, true);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await app.close();

  loginLatencies.sort((a, b) => a - b);
  totalLatencies.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`
Machine: ${availableParallelism()} cores, Node ${process.version}
Logins: ${LOGINS} complete logins (captcha + POST /member/login) at concurrency ${CONCURRENCY}
Throughput: ${(LOGINS / seconds).toFixed(1)} logins/s
POST /member/login latency: p50 ${ms(percentile(loginLatencies, 50))}, p95 ${ms(percentile(loginLatencies, 95))}, p99 ${ms(percentile(loginLatencies, 99))}
Whole login (challenge + solve + login): p50 ${ms(percentile(totalLatencies, 50))}, p99 ${ms(percentile(totalLatencies, 99))}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
