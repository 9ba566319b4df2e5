let requests = 0;

/**
 * A client address no earlier call of this test file used, for a request that must not meet a
 * per-address limit (sign-in, signup, the pay page, password reset). From 172.16.0.0/12, which no
 * test names by hand: a test about one address's limit picks its own 10.x address.
 */
export function nextIp(): string {
  requests += 1;
  return `172.${16 + ((requests >> 16) & 15)}.${(requests >> 8) & 255}.${requests & 255}`;
}
