import type { Profile } from '@uplift/contracts';
import { Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MemberActivity } from '../community/index.ts';
import { ImpactPanel } from '../impact/index.ts';
import { NotificationsLink } from '../notifications/index.ts';
import { MyPartnerRequests } from '../partners/index.ts';
import { SkillsPanel } from '../skills/index.ts';
import { OutcomesSection } from './components/OutcomesSection.tsx';
import { PhotoEditor } from './components/PhotoEditor.tsx';
import { ProfileCard } from './components/ProfileCard.tsx';
import { ProfileEditForm } from './components/ProfileEditForm.tsx';
import { AccountSection } from './settings/AccountSection.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';

const linkButton = buttonClass({ variant: 'secondary' });

/** The signed-in member's own profile: view and edit, photo, outcomes, skills, partners, impact. */
export function OwnProfile({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState('');
  return (
    <div className="space-y-4">
      {editing ? (
        <ProfileEditForm
          profile={profile}
          onDone={(outcome) => {
            setEditing(false);
            if (outcome === 'saved') setStatus('Your profile is saved.');
            if (outcome === 'queued')
              setStatus('Saved on this device; it will be sent when you are back online.');
          }}
        />
      ) : (
        <>
          <ProfileCard profile={profile} />
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => {
                setStatus('');
                setEditing(true);
              }}
            >
              Edit profile
            </Button>
            <Link to="/profile-client" className={linkButton}>
              <Settings aria-hidden="true" className="size-5" />
              Settings
            </Link>
            <NotificationsLink className={linkButton} />
          </div>
        </>
      )}
      <p role="status" className="text-slate-800">
        {status}
      </p>
      <PhotoEditor hasPhoto={profile.photo !== null} />
      <SkillsPanel />
      <OutcomesSection userId={profile.userId} />
      <MemberActivity memberId={profile.userId} own />
      <MyPartnerRequests />
      <ImpactPanel />
      <AccountSection />
    </div>
  );
}
