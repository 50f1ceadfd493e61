import { useState, type FormEvent } from 'react';
import {
  partnerCategories,
  partnerCategoryLabels,
  partnerLogoColors,
  partnerLogoLimits,
  type AdminPartner,
  type PartnerCategory,
  type SkillAreaId,
} from '@uplift/contracts';
import { Sheet } from '../../../ui/Sheet.tsx';
import { useSavePartner, useUploadPartnerLogo } from '../api/partners.ts';
import { Field, inputClass } from '../../../ui/Field.tsx';
import { contentErrorsOf } from './contentErrors.ts';
import { ContentUpload } from './ContentUpload.tsx';
import { PartnerLocation } from './PartnerLocation.tsx';
import { SkillPicker } from './SkillPicker.tsx';
import { Button } from '../../../ui/Button.tsx';

type LogoColor = (typeof partnerLogoColors)[number];
const colorNames: Record<LogoColor, string> = {
  '#0F766E': 'Teal',
  '#1D4ED8': 'Blue',
  '#7C3AED': 'Violet',
  '#B91C1C': 'Red',
  '#C2410C': 'Orange',
  '#15803D': 'Green',
  '#BE185D': 'Pink',
  '#334155': 'Slate',
  '#0369A1': 'Sky blue',
  '#6D28D9': 'Purple',
};

/** A typed coordinate as the server should see it: a number, or null (refused with its own message). */
const coordinate = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

interface PartnerFormProps {
  partner: AdminPartner | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add or edit a partner in a sheet: details, map location, logo (initials on a colour, or an upload). */
export function PartnerForm({ partner, onClose, onSaved }: PartnerFormProps) {
  const save = useSavePartner();
  const uploadLogo = useUploadPartnerLogo();
  const [name, setName] = useState(partner?.name ?? '');
  const [category, setCategory] = useState<PartnerCategory>(partner?.category ?? 'employer');
  const [description, setDescription] = useState(partner?.description ?? '');
  const [skillTags, setSkillTags] = useState<SkillAreaId[]>(partner?.skillTags ?? []);
  const [address, setAddress] = useState(partner?.address ?? '');
  const [city, setCity] = useState(partner?.city ?? '');
  const [lat, setLat] = useState(partner ? String(partner.lat) : '');
  const [lng, setLng] = useState(partner ? String(partner.lng) : '');
  const [website, setWebsite] = useState(partner?.website ?? '');
  const [published, setPublished] = useState(partner?.published ?? false);
  const [logoColor, setLogoColor] = useState<LogoColor | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name,
      category,
      description,
      skillTags,
      address,
      city,
      // Sent as typed (null when not a number): the server's message says what a coordinate must be.
      lat: coordinate(lat) as number,
      lng: coordinate(lng) as number,
      website: website.trim() === '' ? null : website.trim(),
      published,
      // Only a colour the admin picked: an uploaded logo stays otherwise.
      ...(logoColor ? { logoColor } : {}),
    };
    save.mutate(partner ? { id: partner.id, body } : { id: null, body }, {
      onSuccess: (saved) =>
        onSaved(`${saved.name} is saved${saved.published ? ' and published' : ' (not published)'}.`),
      onError: (error) => setErrors(contentErrorsOf(error)),
    });
  }

  const fieldError = (field: string) => errors?.fields[field];
  const text = (label: string, field: string, value: string, set: (v: string) => void, max: number) => (
    <Field label={label} error={fieldError(field)}>
      {(props) => (
        <input
          {...props}
          className={inputClass}
          value={value}
          maxLength={max}
          onChange={(e) => set(e.target.value)}
        />
      )}
    </Field>
  );
  const currentLogo = partner
    ? partner.logoKind === 'image'
      ? 'An uploaded logo is shown.'
      : `Initials on ${colorNames[partner.logoColor as LogoColor] ?? 'a colour'} are shown.`
    : '';

  return (
    <Sheet open onClose={onClose} title={partner ? `Edit ${partner.name}` : 'Add a partner'}>
      <form noValidate onSubmit={submit} className="space-y-4 py-4">
        {text('Name', 'name', name, setName, 120)}
        <Field label="Category" error={fieldError('category')}>
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={category}
              onChange={(e) => setCategory(e.target.value as PartnerCategory)}
            >
              {partnerCategories.map((value) => (
                <option key={value} value={value}>
                  {partnerCategoryLabels[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Description" error={fieldError('description')}>
          {(props) => (
            <textarea
              {...props}
              className={`${inputClass} py-2`}
              rows={3}
              maxLength={1000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <SkillPicker
          legend="Skills"
          value={skillTags}
          onChange={setSkillTags}
          error={fieldError('skillTags')}
        />
        {text('Address', 'address', address, setAddress, 200)}
        {text('City', 'city', city, setCity, 100)}
        <PartnerLocation
          lat={lat}
          lng={lng}
          onChange={(next) => {
            setLat(next.lat);
            setLng(next.lng);
          }}
          errors={{ lat: fieldError('lat'), lng: fieldError('lng') }}
        />
        <Field
          label="Website (optional)"
          hint="A full address, e.g. https://example.org"
          error={fieldError('website')}
        >
          {(props) => (
            <input
              {...props}
              type="url"
              inputMode="url"
              className={inputClass}
              value={website}
              onChange={(e) => setWebsite(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={partner ? 'Logo colour (draws initials)' : 'Logo colour'}
          hint={
            partner
              ? `${currentLogo} Choose a colour to show initials instead.`
              : 'The logo shows the initials on this colour.'
          }
          error={fieldError('logoColor')}
        >
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={logoColor ?? ''}
              onChange={(e) => setLogoColor(e.target.value === '' ? null : (e.target.value as LogoColor))}
            >
              <option value="">{partner ? 'Keep the current logo' : 'Teal (default)'}</option>
              {partnerLogoColors.map((color) => (
                <option key={color} value={color}>
                  {colorNames[color]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {partner ? (
          <ContentUpload
            label="Logo image"
            accept={partnerLogoLimits.acceptedTypes.join(',')}
            hint={`JPEG, PNG, WebP or AVIF, at most ${partnerLogoLimits.maxBytes / 1024 / 1024} MB; it replaces the initials at once.`}
            current={currentLogo}
            onBusyChange={setUploading}
            upload={async (file, onProgress) => {
              await uploadLogo.mutateAsync({ id: partner.id, file, onProgress });
            }}
          />
        ) : (
          <p className="text-sm text-slate-700">
            Save the partner first, then edit it to upload a logo image.
          </p>
        )}
        <label className="flex min-h-11 items-center gap-3 text-slate-900">
          <input
            type="checkbox"
            className="size-5"
            checked={published}
            onChange={(e) => setPublished(e.target.checked)}
          />
          Published (members find it in the directory)
        </label>
        {errors && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-800">
            {errors.message}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending || uploading}>
            Save partner
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
