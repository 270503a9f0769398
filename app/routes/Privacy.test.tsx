import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Privacy } from './Privacy';

function pageText() {
  render(
    <MemoryRouter>
      <Privacy />
    </MemoryRouter>,
  );
  return screen.getByRole('main').textContent ?? '';
}

describe('the privacy page', () => {
  it("tells her how to take her data: 'Download my data' and 'Export as Markdown'", () => {
    const text = pageText();
    expect(text).toContain("'Download my data' gives you one zip file with everything of yours");
    expect(text).toContain("'Export as Markdown'");
  });

  it('says what deleting her account erases, what is kept, and that her email is free again', () => {
    const text = pageText();
    expect(text).toContain("'Delete my account'");
    expect(text).toMatch(
      /erases at once your chats, messages, screenshots, profile and picture, signed-in devices and password-reset links/,
    );
    expect(text).toContain('only the purchase records the law requires');
    expect(text).toContain('you can sign up again with it');
  });

  it('no longer says export and deletion are done on request', () => {
    const text = pageText();
    expect(text).not.toMatch(/no button yet|contact us and we will do it|on request/i);
  });

  it('names both cookies: the one that signs her in and the one that remembers her device', () => {
    const text = pageText();
    expect(text).toContain('One cookie keeps you signed in.');
    expect(text).toMatch(/A second cookie remembers that you have signed in on this device/);
  });

  it('says her theme is kept on her account too', () => {
    expect(pageText()).toMatch(/and your theme,\s+so a new device opens in it/);
  });

  it('says what the yearly crisis count holds, and why: per day, nothing personal, SB 243', () => {
    const text = pageText().replace(/\s+/g, ' ');
    expect(text).toContain(
      'we count how many crisis replies were given and how many help cards were shown each day',
    );
    expect(text).toContain('no name, email, account, chat or message is attached to it');
    expect(text).toContain('California law (SB 243)');
  });
});
