import { usePwaStore } from './usePwaStore';

/** 'Install app', shown only when the browser has offered installing. */
export function InstallButton() {
  const installPrompt = usePwaStore((state) => state.installPrompt);
  if (!installPrompt) return null;

  async function install() {
    if (!installPrompt) return;
    await installPrompt.prompt();
    await installPrompt.userChoice;
    usePwaStore.setState({ installPrompt: null });
  }

  return (
    <button type="button" className="btn btn--secondary" onClick={() => void install()}>
      Install app
    </button>
  );
}
