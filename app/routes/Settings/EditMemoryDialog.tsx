import { z } from 'zod';
import type { Memory } from '@shared/memory';
import { memoryFieldsSchema } from '@shared/memory-schema';
import { PERSONAS } from '@shared/personas';
import '../../components/dialogs.css';
import { useZodForm } from '../../components/forms/useZodForm';
import { CancelAndSave } from '../../components/ui/CancelAndSave';
import { Dialog, DialogContent } from '../../components/ui/Dialog';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { queueSaveMemory } from '../../db/memories';
import { toast } from '../../state/useToastStore';
// Settings has the engine already (saveProfile.ts): no need to load it through requestSync.ts.
import { syncNow } from '../../sync/runtime';

/** Her words for a memory, checked as the server checks them; '' for "All your besties". */
const editSchema = z.object({
  subject: memoryFieldsSchema.shape.subject,
  detail: memoryFieldsSchema.shape.detail,
  personaId: z.string(),
});

const WHO = [
  { value: '', label: 'All your besties' },
  ...PERSONAS.map((persona) => ({ value: String(persona.id), label: persona.name })),
];

interface EditMemoryDialogProps {
  memory: Memory;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A memory in her words: what it is about, what to remember and which besties remember it.
 * Saved on this device at once and sent through the outbox (offline too). Focus goes back to
 * its Edit button as it closes (Dialog.tsx).
 */
export function EditMemoryDialog({ memory, open, onOpenChange }: EditMemoryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="edit-memory"
        title="Edit memory"
        description="Change what your besties remember, or which of them remembers it."
      >
        {/* Inside the dialog, so it starts from the memory as it is each time it opens. */}
        <EditMemoryForm memory={memory} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditMemoryForm({ memory, onDone }: { memory: Memory; onDone: () => void }) {
  const form = useZodForm(editSchema, {
    subject: memory.subject,
    detail: memory.detail,
    personaId: memory.personaId === null ? '' : String(memory.personaId),
  });
  const save = form.onSubmit(async ({ subject, detail, personaId }) => {
    try {
      const { id, kind, date } = memory;
      const who = personaId === '' ? null : Number(personaId);
      await queueSaveMemory({ id, kind, date, subject, detail, personaId: who });
      void syncNow();
      onDone();
      toast({ title: 'Saved', description: `Your besties remember ${subject} as you wrote it.` });
    } catch {
      toast({
        title: 'Not saved',
        description: 'Your change could not be saved on this device. Please try again.',
        variant: 'destructive',
      });
    }
  });
  return (
    <form className="edit-memory__form" onSubmit={save} noValidate>
      <TextField
        id="memory-subject"
        label="What it's about"
        autoComplete="off"
        {...form.field('subject')}
      />
      <TextField
        id="memory-detail"
        label="What to remember"
        autoComplete="off"
        enterKeyHint="done"
        {...form.field('detail')}
      />
      <SelectField
        id="memory-who"
        label="Who remembers it"
        options={WHO}
        {...form.field('personaId')}
      />
      <CancelAndSave />
    </form>
  );
}
