import { useState } from 'react';
import { profileFormSchema, type ProfileForm as Values } from '@shared/account-schema';
import { AGE_RANGES, type PublicUser } from '@shared/user';
import { useZodForm } from '../../components/forms/useZodForm';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { useUserStore } from '../../state/useUserStore';
import { saveProfile } from './saveProfile';

const FIELDS = ['name', 'ageRange', 'location'] as const;

const AGE_OPTIONS = [
  { value: '', label: 'Prefer not to say' },
  ...AGE_RANGES.map((range) => ({ value: range, label: range })),
];

const valuesOf = (user: PublicUser): Values => ({
  name: user.name ?? '',
  ageRange: user.metadata.ageRange ?? '',
  location: user.metadata.location ?? '',
});

/**
 * Name, Age Range and Location (spec §2). The fields show her account, and what she has
 * typed on top of it: an account that changes meanwhile (a sync, another tab) never
 * overwrites an edit she has not saved, and a refused save keeps what she typed.
 */
export function ProfileForm({ user }: { user: PublicUser }) {
  const account = valuesOf(user);
  const form = useZodForm(profileFormSchema, account, {
    // Her account as it is now, under the fields she has edited (dirty) and not saved.
    values: account,
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  // Her account changing while she saves resets the library's own pending state: kept here.
  const [saving, setSaving] = useState(false);

  const save = form.onSubmit(async ({ name, ageRange, location }) => {
    const sent = form.getValues();
    setSaving(true);
    const outcome = await saveProfile({ name, metadata: { ageRange, location } });
    setSaving(false);
    if (outcome === 'rejected') return;
    // Her account now holds what she saved: those fields show it again (and follow it), any
    // edit she made since stays.
    const saved = useUserStore.getState().user;
    const now = saved ? valuesOf(saved) : account;
    for (const field of FIELDS) {
      if (form.getValues(field) === sent[field]) {
        form.resetField(field, { defaultValue: now[field] });
      }
    }
  });

  return (
    <form className="profile-form" noValidate onSubmit={save}>
      <TextField id="profile-name" label="Name" autoComplete="name" {...form.field('name')} />
      <SelectField
        id="profile-age-range"
        label="Age Range"
        options={AGE_OPTIONS}
        {...form.field('ageRange')}
      />
      <TextField
        id="profile-location"
        label="Location"
        placeholder="City, State"
        {...form.field('location')}
      />
      <button type="submit" className="btn btn--primary" disabled={saving} aria-busy={saving}>
        Save Profile
      </button>
    </form>
  );
}
