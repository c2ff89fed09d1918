import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme in the colours of shared/theme.css, which the app's entry has loaded. */
export function createConsoleTheme(): RaThemeOptions {
  const styles = getComputedStyle(document.documentElement);
  const primary = styles.getPropertyValue('--color-primary').trim();
  const primaryStrong = styles.getPropertyValue('--color-primary-strong').trim();
  if (!primary || !primaryStrong) return defaultTheme;
  return {
    ...defaultTheme,
    palette: {
      ...defaultTheme.palette,
      primary: { main: primary },
      // react-admin paints its app bar in the secondary colour.
      secondary: { main: primaryStrong },
    },
  };
}
