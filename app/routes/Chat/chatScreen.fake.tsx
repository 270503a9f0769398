import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RequireUser } from '../../components/RequireUser';
import { ChatPage } from './ChatPage';

/**
 * For screen tests: the chat route alone at `path` (signed-in only, as the app has it), in
 * StrictMode, so a test does not depend on the other screens. Any other path is "Elsewhere".
 */
export function renderChatScreen(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/chat/:id?',
        element: (
          <RequireUser>
            <ChatPage />
          </RequireUser>
        ),
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { location: () => router.state.location.pathname + router.state.location.search };
}

/** Her message box, once the chat is on screen (it is there, but cannot send, while it loads). */
export async function messageBox(): Promise<HTMLTextAreaElement> {
  await screen.findByRole('log', { name: 'Messages' });
  return screen.getByPlaceholderText<HTMLTextAreaElement>('Message your bestie...');
}
