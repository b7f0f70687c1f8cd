import { describe, expect, it } from 'vitest';
import { regionName } from './region';

describe('regionName', () => {
  it('names a country code in the UI language', () => {
    expect(regionName('TW', 'en-US')).toBe('Taiwan');
    expect(regionName('TW', 'zh-TW')).toBe('台灣');
    expect(regionName('JP', 'zh-CN')).toBe('日本');
  });

  it('accepts a lower-case code', () => {
    expect(regionName('sg', 'en-US')).toBe('Singapore');
  });

  it('shows anything that is not a country code as it came', () => {
    expect(regionName('Taipei', 'en-US')).toBe('Taipei');
    expect(regionName('', 'en-US')).toBe('');
  });
});
