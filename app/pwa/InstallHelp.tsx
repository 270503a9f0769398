import { useId, useState } from 'react';
import {
  installHelpDone,
  installHelpFor,
  markInstallHelpDone,
  runsStandalone,
} from './installHelp';
import { Icon } from '../components/ui/Icon';
import { IconButton } from '../components/ui/IconButton';
import { usePwaStore } from './usePwaStore';
import './installHelp.css';

/**
 * How to keep Besties on her home screen, once (installHelp.ts): the browser's own install
 * prompt behind 'Install Besties', or on an iPhone the Share sheet's steps. In Settings, a calm
 * place with no message box to cover.
 */
export function InstallHelp() {
  const installPrompt = usePwaStore((state) => state.installPrompt);
  const [done, setDone] = useState(installHelpDone);
  const titleId = useId();
  const help = installHelpFor({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: runsStandalone(),
    canPrompt: installPrompt !== null,
    done,
  });
  if (help === 'none') return null;

  function finish() {
    markInstallHelpDone();
    setDone(true);
  }

  async function install() {
    if (!installPrompt) return;
    finish();
    usePwaStore.setState({ installPrompt: null });
    await installPrompt.prompt();
    await installPrompt.userChoice.catch(() => undefined);
  }

  return (
    <section className="card settings__section install-help" aria-labelledby={titleId}>
      <div className="install-help__text">
        <h2 id={titleId}>
          {help === 'ios-hint' ? 'Keep Besties on your home screen' : 'Install Besties'}
        </h2>
        {help === 'ios-hint' ? (
          <p className="muted">
            Tap the Share button <ShareIcon />, then &lsquo;Add to Home Screen&rsquo;. Your besties
            will be one tap away.
          </p>
        ) : (
          <>
            <p className="muted">Open Besties from your home screen, like any app.</p>
            <button type="button" className="btn btn--secondary" onClick={() => void install()}>
              Install Besties
            </button>
          </>
        )}
      </div>
      <IconButton label="Dismiss" className="install-help__close" onClick={finish}>
        <Icon size={20} stroke={2.5} d="M6 6l12 12M18 6L6 18" />
      </IconButton>
    </section>
  );
}

/** Safari's Share icon: a box with an arrow out of it. */
function ShareIcon() {
  return (
    <Icon className="install-help__share" size={18} d="M12 3v12M8 7l4-4 4 4M7 11H5v10h14V11h-2" />
  );
}
