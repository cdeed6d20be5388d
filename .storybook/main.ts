import { type StorybookConfig } from '@storybook/react-vite'

// Storybook reads the project's vite.config.ts (React with the Lingui macro, the Lingui catalog plugin); it sets its
// own root, so only the Vitest and app build settings are left behind here.
const config: StorybookConfig = {
  stories: ['../src/client/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  staticDirs: ['../src/client/public'],
  viteFinal: (viteConfig) => {
    const {
      test: _test,
      publicDir: _publicDir,
      ...rest
    } = viteConfig as typeof viteConfig & { test?: unknown }
    return { ...rest, publicDir: false }
  },
}

export default config
