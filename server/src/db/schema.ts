/**
 * The Drizzle schema: each domain's tables live in schema/<domain>.ts, and this barrel is what the
 * repositories, the migrations generator (drizzle.config.ts) and the tests import. Domain files import
 * one another directly (users from ./auth.ts), never this barrel, so nothing imports in a circle.
 */
export * from './schema/system.ts';
export * from './schema/auth.ts';
export * from './schema/knowledge.ts';
export * from './schema/chat.ts';
export * from './schema/partners.ts';
export * from './schema/videos.ts';
export * from './schema/profiles.ts';
export * from './schema/skills.ts';
export * from './schema/admin.ts';
export * from './schema/community.ts';
export * from './schema/notifications.ts';
export * from './schema/secrets.ts';
export * from './schema/mail.ts';
export * from './schema/premium.ts';
export * from './schema/messages.ts';
export * from './schema/community-social.ts';
export * from './schema/passkeys.ts';
