import { describe, expect, it } from 'vitest';
import { ApiError } from './http-client';
import { cachePresets, queryKeys, shouldRetryQuery } from './query-keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

describe('queryKeys', () => {
  it('nests every key under its domain and under all', () => {
    const common = [
      queryKeys.common.languages(),
      queryKeys.common.currencies(),
      queryKeys.common.countries(),
      queryKeys.common.docIssuePlaces(),
    ];
    for (const key of common) {
      expect(startsWith(key, queryKeys.common.all)).toBe(true);
      expect(startsWith(key, queryKeys.all)).toBe(true);
    }
    expect(startsWith(queryKeys.setting.maintainStatus(), queryKeys.setting.all)).toBe(true);
    expect(startsWith(queryKeys.setting.maintainStatus(), queryKeys.common.all)).toBe(false);
  });

  it('gives distinct keys', () => {
    const keys = [
      queryKeys.common.languages(),
      queryKeys.common.currencies(),
      queryKeys.common.countries(),
      queryKeys.common.docIssuePlaces(),
      queryKeys.setting.maintainStatus(),
    ].map((key) => JSON.stringify(key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('earn keys', () => {
  it('keep the public catalog apart from what a member reads', () => {
    const visitor = [
      queryKeys.products.earnCatalog(),
      queryKeys.products.earnDetail('USDT-034R'),
      queryKeys.products.earnNav('USDT-034S'),
    ];
    for (const key of visitor) {
      expect(startsWith(key, queryKeys.products.earn())).toBe(true);
      expect(startsWith(key, queryKeys.member.all)).toBe(false);
    }
    const memberKeys = [
      queryKeys.member.earnCatalog(),
      queryKeys.member.earnDetail('USDT-034R'),
      queryKeys.member.earnCheckJoin('USDT-034R'),
      queryKeys.member.earnNav('USDT-034S'),
      queryKeys.member.earnFunds({ state: 'open' }),
      queryKeys.member.earnHistory({ premiumId: 3, page: 1 }),
    ];
    // one key refreshes everything the member reads of earn products after a join
    for (const key of memberKeys) expect(startsWith(key, queryKeys.member.earn())).toBe(true);
    const all = [...visitor, ...memberKeys].map((key) => JSON.stringify(key));
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('cachePresets', () => {
  it('static never goes stale; poll refetches every second', () => {
    expect(cachePresets.static.staleTime).toBe(Infinity);
    expect(cachePresets.poll.refetchInterval).toBe(1000);
    expect(cachePresets.standard.staleTime).toBeGreaterThan(0);
  });
});

describe('shouldRetryQuery', () => {
  const error = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
    new ApiError({ call: 'GET /x', message: 'm', ...init });

  it('retries network failures and HTTP 5xx at most twice', () => {
    expect(shouldRetryQuery(0, error({ message: 'network_error' }))).toBe(true);
    expect(shouldRetryQuery(1, error({ httpStatus: 500, status: 500 }))).toBe(true);
    expect(shouldRetryQuery(2, error({ httpStatus: 500 }))).toBe(false);
  });

  it('never retries ignored, 503, 4xx or business errors', () => {
    expect(shouldRetryQuery(0, error({ httpStatus: 500, ignored: true }))).toBe(false);
    expect(shouldRetryQuery(0, error({ httpStatus: 503 }))).toBe(false);
    expect(shouldRetryQuery(0, error({ httpStatus: 400, status: 400 }))).toBe(false);
    expect(shouldRetryQuery(0, error({ httpStatus: 200, status: 1 }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('x'))).toBe(false);
  });
});
