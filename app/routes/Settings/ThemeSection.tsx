import { THEMES, type Theme } from '@shared/theme';
import { setTheme, useTheme } from '../../theme/useTheme';

const THEME_NAMES: Record<Theme, string> = { pink: 'Pink', light: 'Light', dark: 'Dark' };

/** Pink, Light or Dark: a native radio group, applied the moment she picks one. */
export function ThemeSection() {
  const theme = useTheme();
  return (
    <section className="card settings__section">
      <fieldset className="theme-picker">
        <legend>
          <h2>Theme</h2>
        </legend>
        <div className="theme-picker__options">
          {THEMES.map((option) => (
            <label key={option} className="theme-option" data-swatch={option}>
              <input
                type="radio"
                name="theme"
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
              />
              <span className="theme-option__swatch" aria-hidden="true" />
              <span className="theme-option__name">{THEME_NAMES[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
