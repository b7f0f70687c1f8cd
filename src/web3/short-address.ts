/** "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" -> "0xf39F…2266" (as wallets show it). */
export function shortAddress(address: string): string {
  if (address.length <= 12) return address;
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
