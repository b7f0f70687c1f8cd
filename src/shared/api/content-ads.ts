import * as z from 'zod/mini';

/**
 * GET /api/v1/premium2/Advertisement (public): the ads running now, by sortOrder then id. The
 * web shows the first with `isWeb`; `endsAt` is a campaign's last moment (null: no end).
 */
export const advertisementSchema = z.object({
  id: z.number(),
  isWeb: z.boolean(),
  sortOrder: z.number(),
  /** where the ad's image leads: an app path (`/fixed`) or an https address */
  openUrl: z.string(),
  /** the ad's image for the mobile app (https or an app path), or null */
  imageAppURL: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
});
export type Advertisement = z.infer<typeof advertisementSchema>;
export const advertisementListSchema = z.array(advertisementSchema);
