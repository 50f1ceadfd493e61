import { usePageMeta } from '../../lib/pageMeta.ts';
import { PasskeysSection, useCurrentUser } from '../auth/index.ts';
import { MessageSettingsSection } from '../messages/index.ts';
import { ProfileSkeleton } from './components/ProfileSkeleton.tsx';
import { AccountSection } from './settings/AccountSection.tsx';
import { DataSection } from './settings/DataSection.tsx';
import { DevicesSection } from './settings/DevicesSection.tsx';
import { deviceName } from './settings/deviceName.ts';
import { EmailNotificationsSection } from './settings/EmailNotificationsSection.tsx';
import { EmailSection } from './settings/EmailSection.tsx';
import { PasswordSection } from './settings/PasswordSection.tsx';
import { PreferencesSection } from './settings/PreferencesSection.tsx';

/** SPEC §2 /profile-client: the settings screen (client-only, behind the auth guard). */
export default function ProfileClientPage() {
  const { title } = usePageMeta();
  const user = useCurrentUser();
  if (!user) return <ProfileSkeleton />;
  return (
    <div className="space-y-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <PreferencesSection userId={user.id} />
      <EmailNotificationsSection userId={user.id} />
      <MessageSettingsSection userId={user.id} />
      <AccountSection />
      <EmailSection />
      <PasswordSection />
      <PasskeysSection userId={user.id} defaultName={`Passkey from ${deviceName(navigator.userAgent)}`} />
      <DevicesSection userId={user.id} />
      <DataSection />
    </div>
  );
}
