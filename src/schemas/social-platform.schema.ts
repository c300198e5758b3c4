import * as z from 'zod/mini';

export const PLATFORMS = ['bluesky', 'instagram', 'facebook'] as const;
export const platformSchema = z.enum(PLATFORMS, { error: 'Invalid social media platform type. Please select a valid platform.' });
export type Platform = z.infer<typeof platformSchema>;

export const PLATFORM_LABELS: Record<Platform, string> = { bluesky: 'Bluesky', instagram: 'Instagram', facebook: 'Facebook' };

/** The New Social Media Account menu (on Social Media Accounts), in the requirements' order. */
export const NEW_ACCOUNT_PLATFORMS: readonly Platform[] = ['bluesky', 'facebook', 'instagram'];
