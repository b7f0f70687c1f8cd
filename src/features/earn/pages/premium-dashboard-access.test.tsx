import { createHash } from 'node:crypto';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as appConfig from '../../../lib/config';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import * as earn from '../../../services/earn';
import { product, renderEarn } from '../test-utils';
import PremiumDashboardPage from './premium-dashboard-page';

mockExports(earn, { getEarnProducts: vi.fn() });
// the tests set the access pass on a copy of the configuration (the page reads the copy)
mockExports(appConfig, { config: { ...appConfig.config } });
const { config } = appConfig;
const listMock = vi.mocked(earn.getEarnProducts);

const PASS = 'preview-2026';
const HASH = createHash('sha256').update(PASS).digest('hex');

const renderAt = (route: string) =>
  renderEarn(
    <Routes>
      <Route path="/earn" element={<PremiumDashboardPage />} />
      <Route path="/" element={<p data-testid="landing" />} />
    </Routes>,
    { route },
  );
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.resetAllMocks();
  listMock.mockResolvedValue({ list: [product()] });
  localStorage.clear();
});
afterEach(() => {
  config.earnAccessPassHash = undefined;
});

describe('PremiumDashboard access pass', () => {
  it('is public when the operator configures no pass', async () => {
    renderAt('/earn?tab=stable');
    expect(await screen.findByTestId('earn-dashboard')).toBeTruthy();
    expect(location()).toBe('/earn?tab=stable');
  });

  describe('with a pass configured (EARN_ACCESS_PASS_SHA256)', () => {
    beforeEach(() => {
      config.earnAccessPassHash = HASH;
    });

    it('sends a visitor without the pass to Landing, without reading the catalog', async () => {
      renderAt('/earn?tab=mixed');
      await waitFor(() => expect(location()).toBe('/'));
      expect(screen.queryByTestId('earn-dashboard')).toBeNull();
      expect(listMock).not.toHaveBeenCalled();
    });

    it('sends a wrong code to Landing and stores nothing', async () => {
      renderAt(`/earn?access=${HASH}`);
      await waitFor(() => expect(location()).toBe('/'));
      expect(localStorage.getItem(STORAGE_KEYS.earnAccessCode)).toBeNull();
    });

    it('opens with ?access=<pass>, remembers it and takes it out of the address', async () => {
      renderAt(`/earn?tab=mixed&access=${PASS}`);
      expect(await screen.findByTestId('earn-dashboard')).toBeTruthy();
      await waitFor(() => expect(location()).toBe('/earn?tab=mixed'));
      expect(localStorage.getItem(STORAGE_KEYS.earnAccessCode)).toBe(PASS);
      expect(listMock).toHaveBeenCalled();
    });

    it('opens on a later visit from the stored pass, without the query', async () => {
      localStorage.setItem(STORAGE_KEYS.earnAccessCode, PASS);
      renderAt('/earn');
      expect(await screen.findByTestId('earn-dashboard')).toBeTruthy();
      expect(location()).toBe('/earn');
    });

    it('forgets a stored code once the operator changes the pass', async () => {
      localStorage.setItem(STORAGE_KEYS.earnAccessCode, 'last-years-pass');
      renderAt('/earn');
      await waitFor(() => expect(location()).toBe('/'));
      expect(localStorage.getItem(STORAGE_KEYS.earnAccessCode)).toBeNull();
    });
  });
});
