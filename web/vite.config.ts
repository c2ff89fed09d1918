import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    // '@tourly/contracts' points at the library's source (tsconfig paths), so the web build needs no build of it.
    tsconfigPaths: true,
  },
  build: {
    rolldownOptions: {
      // libs/contracts holds only constants and types, so whatever of it the app does not use can go.
      treeshake: { moduleSideEffects: (id) => !/[\\/]libs[\\/]contracts[\\/]/.test(id) },
      input: {
        main: fromHere('index.html'),
        player: fromHere('player.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            // Both entries use React (and the module preload polyfill): one shared chunk that stays cached
            // across releases of the app code.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|modulepreload-polyfill/,
              priority: 2,
            },
            // The console's MUI, apart from react-admin itself: two lazy chunks of a few hundred kB each,
            // loaded in parallel, rather than one of more than 500 kB.
            { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
