import { useState, type FormEvent } from 'react';
import { profileFormSchema } from '@shared/account-schema';
import { AGE_RANGES, type PublicUser } from '@shared/user';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { saveProfile } from './saveProfile';

interface Values {
  name: string;
  ageRange: string;
  location: string;
}

type Field = keyof Values;
const FIELD_ORDER: readonly Field[] = ['name', 'ageRange', 'location'];

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
  const [edits, setEdits] = useState<Partial<Values>>({});
  const [saving, setSaving] = useState(false);
  const { errors, clear, show, reset } = useFieldErrors(FIELD_ORDER);
  const values: Values = { ...valuesOf(user), ...edits };

  function edit(field: Field, value: string) {
    setEdits((current) => ({ ...current, [field]: value }));
    clear(field);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileFormSchema.safeParse({ ...values, ageRange: values.ageRange || null });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      show(event.currentTarget, fields);
      return;
    }
    reset();
    const saved = edits;
    const { name, ageRange, location } = parsed.data;
    setSaving(true);
    const outcome = await saveProfile({ name, metadata: { ageRange, location } });
    setSaving(false);
    if (outcome === 'rejected') return;
    // Her account now holds what she saved: drop those edits, keep any she made since.
    setEdits((current) => {
      const kept: Partial<Values> = {};
      for (const field of FIELD_ORDER) {
        if (current[field] !== undefined && current[field] !== saved[field]) {
          kept[field] = current[field];
        }
      }
      return kept;
    });
  }

  return (
    <form className="profile-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id="profile-name"
        name="name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={(event) => edit('name', event.target.value)}
        error={errors.name}
      />
      <SelectField
        id="profile-age-range"
        name="ageRange"
        label="Age Range"
        options={AGE_OPTIONS}
        value={values.ageRange}
        onChange={(event) => edit('ageRange', event.target.value)}
        error={errors.ageRange}
      />
      <TextField
        id="profile-location"
        name="location"
        label="Location"
        placeholder="City, State"
        value={values.location}
        onChange={(event) => edit('location', event.target.value)}
        error={errors.location}
      />
      <button type="submit" className="btn btn--primary" disabled={saving} aria-busy={saving}>
        Save Profile
      </button>
    </form>
  );
}
