import { type StorybookConfig } from '@storybook/react-vite'

// Storybook reads the project's vite.config.ts (React with the Lingui macro, the Lingui catalog plugin); it sets its
// own root, so only the Vitest and app build settings are left behind here.
const config: StorybookConfig = {
  stories: ['../src/client/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  // The analysis service's files for the story fixtures (3MF models, front, repair and wall-thickness pictures),
  // served where the client looks for them: stories load real pictures and a real model into the 3D preview.
  staticDirs: [
    '../src/client/public',
    { from: '../src/client/testing/story-assets/analytx', to: '/api/analytx' },
    // The CMS pictures of the seed content, where CMS pages point (`/api/cms/media/…`).
    { from: '../src/server/modules/content/media', to: '/api/cms/media' },
    // The colour thumbnails the staff stories show (machines/staff-color-thumbnail fixtures' paths).
    { from: '../src/client/testing/story-assets/thumbnails', to: '/api/thumbnails' },
  ],
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
