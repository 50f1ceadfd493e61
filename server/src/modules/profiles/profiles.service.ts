import {
  defaultPreferences,
  impactCurrency,
  preferencesSchema,
  themePreferenceSchema,
  type Outcome,
  type Preferences,
  type PreferencesUpdate,
  type Profile,
  type profileUpdateSchema,
} from '@uplift/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { users } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { photoUrls } from './profile-photo.ts';
import * as repo from './profiles.repo.ts';

type UserRow = typeof users.$inferSelect;

export interface Viewer {
  id: string;
}

export function toProfile(user: UserRow, profile: repo.ProfileRow | null, isOwn: boolean): Profile {
  return {
    userId: user.id,
    displayName: user.displayName,
    email: isOwn ? user.email : null,
    headline: profile?.headline ?? null,
    bio: profile?.bio ?? null,
    industry: (profile?.industry as Profile['industry']) ?? null,
    location: {
      city: profile?.city ?? null,
      region: profile?.region ?? null,
      country: profile?.country ?? null,
      latitude: profile?.latitude ?? null,
      longitude: profile?.longitude ?? null,
    },
    skills: (profile?.skills ?? []) as Profile['skills'],
    tags: profile?.tags ?? [],
    links: profile?.links ?? [],
    privacy: profile?.privacy ?? 'members',
    photo: photoUrls(profile?.photoKey ?? null),
    memberSince: user.createdAt.toISOString(),
    isOwn,
  };
}

export function toOutcome(row: repo.OutcomeRow): Outcome {
  return {
    id: row.id,
    type: row.type,
    occurredOn: row.occurredOn,
    annualAmount: row.annualAmount,
    currency: impactCurrency,
    note: row.note,
  };
}

export async function ownProfile(db: Database, userId: string): Promise<Profile> {
  const found = await repo.findUserWithProfile(db, userId);
  if (!found) throw new HttpError(401);
  return toProfile(found.user, found.profile, true);
}

/**
 * Another member's profile as `viewer` may see it: "only me" is not found for anyone else, "members"
 * needs a signed-in viewer (401 tells an anonymous caller that signing in would help).
 */
export async function profileFor(db: Database, userId: string, viewer: Viewer | null): Promise<Profile> {
  const found = await repo.findUserWithProfile(db, userId);
  if (!found) throw new HttpError(404, 'No member with that id.');
  const isOwn = viewer?.id === userId;
  if (isOwn) return toProfile(found.user, found.profile, true);
  const privacy = found.profile?.privacy ?? 'members';
  if (privacy === 'only-me') throw new HttpError(404, 'No member with that id.');
  if (privacy === 'members' && !viewer) throw new HttpError(401, 'Sign in to see this profile.');
  return toProfile(found.user, found.profile, false);
}

export async function updateProfile(
  db: Database,
  userId: string,
  update: z.output<typeof profileUpdateSchema>,
): Promise<Profile> {
  const { displayName, location, ...rest } = update;
  if (displayName !== undefined) await repo.updateDisplayName(db, userId, displayName);
  const values = {
    ...rest,
    ...(location && {
      ...(location.city !== undefined && { city: location.city }),
      ...(location.region !== undefined && { region: location.region }),
      ...(location.country !== undefined && { country: location.country }),
      ...(location.latitude !== undefined && { latitude: location.latitude }),
      ...(location.longitude !== undefined && { longitude: location.longitude }),
    }),
  };
  if (Object.keys(values).length > 0 || displayName === undefined)
    await repo.upsertProfile(db, userId, values);
  return ownProfile(db, userId);
}

/** Stored preferences over SPEC's defaults: a setting added later starts at its default. */
export async function preferencesOf(db: Database, userId: string): Promise<Preferences> {
  const stored = await repo.findPreferences(db, userId);
  const merged = {
    haptics: { ...defaultPreferences.haptics, ...(stored?.haptics as object | undefined) },
    notifications: Object.fromEntries(
      Object.entries(defaultPreferences.notifications).map(([kind, channels]) => [
        kind,
        { ...channels, ...((stored?.notifications as Record<string, object> | undefined)?.[kind] ?? {}) },
      ]),
    ),
    email: { ...defaultPreferences.email, ...(stored?.email as object | undefined) },
    theme: themePreferenceSchema.catch(defaultPreferences.theme).parse(stored?.theme),
  };
  const parsed = preferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultPreferences;
}

export async function updatePreferences(
  db: Database,
  userId: string,
  update: PreferencesUpdate,
): Promise<Preferences> {
  const current = await preferencesOf(db, userId);
  const next: Preferences = {
    haptics: { ...current.haptics, ...update.haptics },
    notifications: {
      community: { ...current.notifications.community, ...update.notifications?.community },
      partners: { ...current.notifications.partners, ...update.notifications?.partners },
      skills: { ...current.notifications.skills, ...update.notifications?.skills },
      announcements: { ...current.notifications.announcements, ...update.notifications?.announcements },
    },
    email: { ...current.email, ...update.email },
    theme: update.theme ?? current.theme,
  };
  await repo.savePreferences(db, userId, next);
  return next;
}
