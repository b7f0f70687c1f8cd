/**
 * The five backends of the spec. One Fastify process serves them all under these prefixes;
 * the browser reads each base URL from config (same origin by default) so they can be split.
 */
export const SERVICE_PREFIXES = {
  member: '/member',
  gateway: '/api/v1',
  token: '/token',
  quotation: '/quotation',
  content: '/content',
} as const;

export type ServiceName = keyof typeof SERVICE_PREFIXES;
