import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceBaseUrl, setServiceBaseUrls } from './config';

afterEach(() => {
  vi.unstubAllEnvs();
  setServiceBaseUrls({ member: null, gateway: null, content: null });
});

describe('service base URLs', () => {
  it('defaults to the same origin with the service prefix', () => {
    vi.stubEnv('VITE_API_BASE', '');
    expect(serviceBaseUrl('member')).toBe('/member');
    expect(serviceBaseUrl('gateway')).toBe('/api/v1');
    expect(serviceBaseUrl('token')).toBe('/token');
    expect(serviceBaseUrl('quotation')).toBe('/quotation');
    expect(serviceBaseUrl('content')).toBe('/content');
  });

  it('puts VITE_API_BASE in front (trailing slash dropped)', () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com/');
    expect(serviceBaseUrl('gateway')).toBe('https://api.example.com/api/v1');
  });

  it('lets one service move elsewhere and back', () => {
    vi.stubEnv('VITE_API_BASE', '');
    setServiceBaseUrls({ content: 'https://blog.example.com/wp/' });
    expect(serviceBaseUrl('content')).toBe('https://blog.example.com/wp');
    expect(serviceBaseUrl('member')).toBe('/member');
    setServiceBaseUrls({ content: null });
    expect(serviceBaseUrl('content')).toBe('/content');
  });
});
