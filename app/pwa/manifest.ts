import type { ManifestOptions } from 'vite-plugin-pwa';
import { SHARE_TARGET_PATH, SHARED_IMAGE_FIELD } from './shareTarget';

/** The web app manifest: what makes Besties installable. */
export const manifest: Partial<ManifestOptions> = {
  name: 'Besties',
  short_name: 'Besties',
  description: 'Talk to five AI besties for advice, hype and support, any time of day.',
  theme_color: '#ffe4ef',
  background_color: '#ffe4ef',
  display: 'standalone',
  start_url: '/chat?bestie=cassie',
  scope: '/',
  // An image shared from another app opens the screenshot dialog (app/pwa/shareTarget.ts).
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: SHARED_IMAGE_FIELD, accept: ['image/*'] }] },
  },
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
  screenshots: [
    {
      src: '/screenshots/landing-phone.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Meet your five AI besties',
    },
    {
      src: '/screenshots/landing-desktop.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Besties on a laptop',
    },
  ],
};
