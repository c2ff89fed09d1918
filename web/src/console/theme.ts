import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme in the colours of shared/theme.css, which the app's entry has loaded. */
export function createConsoleTheme(): RaThemeOptions {
  const styles = getComputedStyle(document.documentElement);
  const primary = styles.getPropertyValue('--color-primary').trim();
  const primaryStrong = styles.getPropertyValue('--color-primary-strong').trim();
  if (!primary || !primaryStrong) return { ...defaultTheme, components: withScrollingTables(defaultTheme) };
  return {
    ...defaultTheme,
    components: withScrollingTables(defaultTheme),
    palette: {
      ...defaultTheme.palette,
      primary: { main: primary },
      // react-admin paints its app bar in the secondary colour.
      secondary: { main: primaryStrong },
    },
  };
}

/**
 * Lists wider than a phone scroll inside their own box, rather than widening the page under the fixed app bar
 * (where their last column, the row actions, ended up out of reach).
 */
function withScrollingTables(theme: RaThemeOptions): RaThemeOptions['components'] {
  return {
    ...theme.components,
    RaDataTable: {
      styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } },
    },
    // react-admin's layout is at least as wide as its content (`min-width: fit-content`), and the content, a flex
    // item, grows to its widest table: both keep to the screen instead.
    RaLayout: {
      styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } },
    },
    RaList: {
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } },
    },
  } as RaThemeOptions['components'];
}
