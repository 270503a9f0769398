import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../ui/TextField';
import { useZodForm } from './useZodForm';

const schema = z.object({
  nickname: z.string().trim().min(1, 'Nickname is required'),
  city: z.string().trim().min(2, 'City must be at least 2 characters'),
});

type Sent = z.output<typeof schema>;

/** A two-field form as the screens write them; `answer` plays the server. */
function NicknameForm({ answer, refused }: { answer: Answer; refused?: Refused }) {
  const form = useZodForm(schema, { nickname: '', city: '' });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (sent) => form.showServerErrors(await answer(sent)), refused)}
    >
      <TextField id="nickname" label="Nickname" {...form.field('nickname')} />
      <TextField id="city" label="City" {...form.field('city')} />
      <button type="submit">{form.submitting ? 'Saving...' : 'Save'}</button>
    </form>
  );
}

type Answer = (sent: Sent) => Promise<Record<string, string>>;
type Refused = (typed: z.input<typeof schema>) => void;

function renderForm(answer: Answer = vi.fn(async () => ({})), refused?: Refused) {
  render(<NicknameForm answer={answer} refused={refused} />);
  return { answer, user: userEvent.setup() };
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('useZodForm', () => {
  it('shows each problem under its field and focuses the first invalid field on screen', async () => {
    const { answer, user } = renderForm();
    await user.type(screen.getByLabelText('City'), 'x');
    await user.click(save());
    const nickname = screen.getByLabelText('Nickname');
    const error = screen.getByText('Nickname is required');
    expect(nickname.getAttribute('aria-invalid')).toBe('true');
    expect(nickname.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.getByText('City must be at least 2 characters')).toBeTruthy();
    expect(document.activeElement).toBe(nickname);
    expect(answer).not.toHaveBeenCalled();
  });

  it('focuses the second field when only it is wrong', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Nickname'), 'Bee');
    await user.click(save());
    expect(document.activeElement).toBe(screen.getByLabelText('City'));
    expect(screen.queryByText('Nickname is required')).toBeNull();
  });

  it('tells the form what she typed when the schema refuses it', async () => {
    const refused = vi.fn();
    const { answer, user } = renderForm(undefined, refused);
    await user.type(screen.getByLabelText('Nickname'), ' Bee ');
    await user.click(save());
    expect(refused).toHaveBeenCalledTimes(1);
    expect(refused).toHaveBeenCalledWith({ nickname: ' Bee ', city: '' });
    expect(screen.getByText('City must be at least 2 characters')).toBeTruthy();
    expect(answer).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('City'), 'Rome');
    await user.click(save());
    expect(refused).toHaveBeenCalledTimes(1);
    expect(answer).toHaveBeenCalledWith({ nickname: 'Bee', city: 'Rome' });
  });

  it("clears a field's problem as soon as she edits that field, and only that one", async () => {
    const { user } = renderForm();
    await user.click(save());
    await user.type(screen.getByLabelText('Nickname'), 'B');
    expect(screen.queryByText('Nickname is required')).toBeNull();
    expect(screen.getByLabelText('Nickname').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('City must be at least 2 characters')).toBeTruthy();

    // Still too short after an edit: shown again only when she submits again.
    await user.type(screen.getByLabelText('City'), 'x');
    expect(screen.queryByText('City must be at least 2 characters')).toBeNull();
    await user.click(save());
    expect(screen.getByText('City must be at least 2 characters')).toBeTruthy();
  });

  it("sends the schema's output, and ignores a second submit while the first is sent", async () => {
    let reply!: (errors: Record<string, string>) => void;
    const answer = vi.fn(
      (_sent: Sent) => new Promise<Record<string, string>>((resolve) => (reply = resolve)),
    );
    const { user } = renderForm(answer);
    await user.type(screen.getByLabelText('Nickname'), '  Bee ');
    await user.type(screen.getByLabelText('City'), 'Rome{Enter}');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeTruthy();
    await user.type(screen.getByLabelText('City'), '{Enter}');
    expect(answer).toHaveBeenCalledTimes(1);
    expect(answer).toHaveBeenCalledWith({ nickname: 'Bee', city: 'Rome' });
    reply({});
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it("shows the server's field errors under their fields and focuses the first on screen", async () => {
    const { user } = renderForm(async () => ({
      city: 'We do not deliver to Rome',
      nickname: 'That nickname is taken',
      body: 'Not a field of this form',
    }));
    await user.type(screen.getByLabelText('Nickname'), 'Bee');
    await user.type(screen.getByLabelText('City'), 'Rome');
    await user.click(save());

    const nickname = screen.getByLabelText('Nickname');
    const taken = await screen.findByText('That nickname is taken');
    expect(nickname.getAttribute('aria-describedby')).toBe(taken.id);
    const city = screen.getByLabelText('City');
    expect(city.getAttribute('aria-describedby')).toBe(
      screen.getByText('We do not deliver to Rome').id,
    );
    expect(screen.queryByText('Not a field of this form')).toBeNull();
    expect(document.activeElement).toBe(nickname);

    await user.type(city, 's');
    expect(screen.queryByText('We do not deliver to Rome')).toBeNull();
    expect(screen.getByText('That nickname is taken')).toBeTruthy();
  });
});
