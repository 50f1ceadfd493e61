import { z } from 'zod';
import { hapticPreferenceDefaults } from '../constants.ts';
import { themePreferences } from '../theme.ts';

/* Settings: preferences kept on the server, so they follow the member to every device. */

export const hapticPreferencesSchema = z.object({
  enabled: z.boolean(),
  buttons: z.boolean(),
  navigation: z.boolean(),
  notifications: z.boolean(),
  selections: z.boolean(),
  logo: z.boolean(),
});

export const notificationKinds = [
  { id: 'community', label: 'Replies and reactions in the community' },
  { id: 'partners', label: 'Answers from partners' },
  { id: 'skills', label: 'Skills reminders and results' },
  { id: 'announcements', label: 'Announcements from Uplift' },
] as const;
export type NotificationKind = (typeof notificationKinds)[number]['id'];
const channelSchema = z.object({ inApp: z.boolean(), push: z.boolean() });
export const notificationPreferencesSchema = z.object({
  community: channelSchema,
  partners: channelSchema,
  skills: channelSchema,
  announcements: channelSchema,
});

export const defaultNotificationPreferences: z.infer<typeof notificationPreferencesSchema> = {
  community: { inApp: true, push: true },
  partners: { inApp: true, push: true },
  skills: { inApp: true, push: false },
  announcements: { inApp: true, push: false },
};

/**
 * Email notifications (issue 47.4): per kind, each notification mailed on its own, once a day in a digest,
 * or never. Skills reminders stay in the app.
 */
export const emailNotificationKinds = [
  { id: 'community', label: 'Replies to your posts' },
  { id: 'partners', label: 'Answers from partners' },
  { id: 'announcements', label: 'Announcements from Uplift' },
] as const;
export type EmailNotificationKind = (typeof emailNotificationKinds)[number]['id'];
export const emailFrequencies = [
  { id: 'instant', label: 'Right away' },
  { id: 'daily', label: 'Daily digest' },
  { id: 'off', label: 'Never' },
] as const;
export type EmailFrequency = (typeof emailFrequencies)[number]['id'];
const emailFrequencySchema = z.enum(['instant', 'daily', 'off']);
export const emailPreferencesSchema = z.object({
  community: emailFrequencySchema,
  partners: emailFrequencySchema,
  announcements: emailFrequencySchema,
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const defaultEmailPreferences: EmailPreferences = {
  community: 'instant',
  partners: 'instant',
  announcements: 'daily',
};
export const themePreferenceSchema = z.enum(themePreferences);

export const preferencesSchema = z
  .object({
    haptics: hapticPreferencesSchema,
    notifications: notificationPreferencesSchema,
    email: emailPreferencesSchema,
    theme: themePreferenceSchema,
  })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

export const defaultPreferences: Preferences = {
  haptics: { ...hapticPreferenceDefaults },
  notifications: defaultNotificationPreferences,
  email: defaultEmailPreferences,
  theme: 'system',
};

export const preferencesUpdateSchema = z
  .object({
    haptics: hapticPreferencesSchema.partial().strict(),
    notifications: z
      .object({
        community: channelSchema.partial().strict(),
        partners: channelSchema.partial().strict(),
        skills: channelSchema.partial().strict(),
        announcements: channelSchema.partial().strict(),
      })
      .partial()
      .strict(),
    email: emailPreferencesSchema.partial().strict(),
    theme: themePreferenceSchema,
  })
  .partial()
  .strict()
  .meta({ id: 'PreferencesUpdate' });

/** The one-click unsubscribe of a notification mail (RFC 8058), or the page its link opens. */
export const unsubscribeRequestSchema = z
  .object({ token: z.string().min(1).max(300) })
  .meta({ id: 'UnsubscribeRequest' });
export const unsubscribedSchema = z
  .object({
    success: z.literal(true),
    /** What the link stopped: one kind, or every kind (a digest's link). */
    kind: z.enum(['community', 'partners', 'announcements', 'all']),
  })
  .meta({ id: 'Unsubscribed' });
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
