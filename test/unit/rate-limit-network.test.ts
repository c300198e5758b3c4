import { describe, expect, it } from 'vitest';
import { networkOf } from '../../server/auth/rate-limit';

describe('what a limit per client address counts', () => {
  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::1', '::/64'],
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});
