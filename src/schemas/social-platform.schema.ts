import * as z from 'zod/mini';

export const PLATFORMS = ['bluesky', 'instagram', 'facebook'] as const;
export const platformSchema = z.enum(PLATFORMS, { error: 'Invalid social media platform type. Please select a valid platform.' });
export type Platform = z.infer<typeof platformSchema>;

export const PLATFORM_LABELS: Record<Platform, string> = { bluesky: 'Bluesky', instagram: 'Instagram', facebook: 'Facebook' };

/** The side navigation's New Social Media Account menu, in its order. */
export const SIDE_NAV_PLATFORMS: readonly Platform[] = ['bluesky', 'facebook', 'instagram'];
