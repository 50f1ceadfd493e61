import {
  industries,
  profileLimits,
  profilePrivacies,
  skillAreas,
  type Profile,
  type ProfileUpdate,
  type SkillAreaId,
} from '@uplift/contracts';
import { useState, type FormEvent } from 'react';
import { useUpdateProfile } from '../api/updateProfile.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { fieldErrorsOf } from '../../../ui/fieldErrors.ts';
import { Button } from '../../../ui/Button.tsx';

interface ProfileEditFormProps {
  profile: Profile;
  onDone: (outcome: 'saved' | 'queued' | 'cancelled') => void;
}

/** Edits the own profile; the server checks every field and its messages appear under each. */
export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const update = useUpdateProfile(profile.userId);
  const [form, setForm] = useState({
    displayName: profile.displayName,
    headline: profile.headline ?? '',
    bio: profile.bio ?? '',
    industry: profile.industry ?? '',
    city: profile.location.city ?? '',
    region: profile.location.region ?? '',
    country: profile.location.country ?? '',
    skills: profile.skills,
    tags: profile.tags.join(', '),
    links: profile.links.length > 0 ? profile.links : [{ label: '', url: '' }],
    privacy: profile.privacy,
  });
  const problem = update.error ? fieldErrorsOf(update.error) : null;
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm({ ...form, [key]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: ProfileUpdate = {
      displayName: form.displayName,
      headline: form.headline,
      bio: form.bio,
      industry: (form.industry || null) as ProfileUpdate['industry'],
      location: { city: form.city, region: form.region, country: form.country },
      skills: form.skills,
      tags: form.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      links: form.links.filter((link) => link.label.trim() || link.url.trim()),
      privacy: form.privacy,
    };
    const result = await update.mutateAsync(body).catch(() => null);
    if (result) onDone(result.status === 'sent' ? 'saved' : 'queued');
  }

  const error = (path: string) => problem?.fields[path];
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Edit your profile</h1>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
          {problem.message}
        </p>
      )}
      <Field label="Name" error={error('displayName')}>
        {(props) => (
          <input
            {...props}
            className={inputClass}
            autoComplete="name"
            value={form.displayName}
            onChange={(e) => set('displayName', e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Headline"
        hint="One line about what you do or are working towards."
        error={error('headline')}
      >
        {(props) => (
          <input
            {...props}
            className={inputClass}
            maxLength={profileLimits.headlineMax}
            value={form.headline}
            onChange={(e) => set('headline', e.target.value)}
          />
        )}
      </Field>
      <Field label="About you" error={error('bio')}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            className={`${inputClass} py-2`}
            maxLength={profileLimits.bioMax}
            value={form.bio}
            onChange={(e) => set('bio', e.target.value)}
          />
        )}
      </Field>
      <Field label="Industry" error={error('industry')}>
        {(props) => (
          <select
            {...props}
            className={inputClass}
            value={form.industry}
            onChange={(e) => set('industry', e.target.value)}
          >
            <option value="">Not stated</option>
            {industries.map((industry) => (
              <option key={industry.id} value={industry.id}>
                {industry.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="font-medium text-slate-900">Location</legend>
        <Field label="City" error={error('location.city')}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              autoComplete="address-level2"
              value={form.city}
              onChange={(e) => set('city', e.target.value)}
            />
          )}
        </Field>
        <Field label="Region" error={error('location.region')}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              autoComplete="address-level1"
              value={form.region}
              onChange={(e) => set('region', e.target.value)}
            />
          )}
        </Field>
        <Field label="Country" error={error('location.country')}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              autoComplete="country-name"
              value={form.country}
              onChange={(e) => set('country', e.target.value)}
            />
          )}
        </Field>
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-medium text-slate-900">Skills</legend>
        {skillAreas.map((area) => (
          <label key={area.id} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5"
              checked={form.skills.includes(area.id)}
              onChange={(e) =>
                set(
                  'skills',
                  e.target.checked
                    ? [...form.skills, area.id]
                    : form.skills.filter((id): id is SkillAreaId => id !== area.id),
                )
              }
            />
            {area.label}
          </label>
        ))}
      </fieldset>
      <Field label="Interests" hint="Separate them with commas." error={error('tags')}>
        {(props) => (
          <input
            {...props}
            className={inputClass}
            value={form.tags}
            onChange={(e) => set('tags', e.target.value)}
          />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="font-medium text-slate-900">Links (https only)</legend>
        {form.links.map((link, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-2">
            <Field label={`Link ${index + 1} name`} error={error(`links.${index}.label`)}>
              {(props) => (
                <input
                  {...props}
                  className={inputClass}
                  value={link.label}
                  onChange={(e) =>
                    set(
                      'links',
                      form.links.map((l, i) => (i === index ? { ...l, label: e.target.value } : l)),
                    )
                  }
                />
              )}
            </Field>
            <Field label={`Link ${index + 1} address`} error={error(`links.${index}.url`)}>
              {(props) => (
                <input
                  {...props}
                  type="url"
                  inputMode="url"
                  className={inputClass}
                  value={link.url}
                  onChange={(e) =>
                    set(
                      'links',
                      form.links.map((l, i) => (i === index ? { ...l, url: e.target.value } : l)),
                    )
                  }
                />
              )}
            </Field>
          </div>
        ))}
        {form.links.length < profileLimits.linksMax && (
          <Button
            variant="secondary"

            onClick={() => set('links', [...form.links, { label: '', url: '' }])}
          >
            Add a link
          </Button>
        )}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="font-medium text-slate-900">Who can see your profile</legend>
        {profilePrivacies.map((option) => (
          <label key={option.id} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="privacy"
              className="size-5"
              checked={form.privacy === option.id}
              onChange={() => set('privacy', option.id)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </Button>
        <Button variant="secondary" onClick={() => onDone('cancelled')}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
