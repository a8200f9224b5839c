/** The experiments part's strings (issue 16: loaded with the routes that name it; English is the typed source). */
export const experimentsEn = {
  experiments: {
    title: 'Experiments',
    description: 'Try features that are still being built. Your choices are kept for your account in this browser, and each one can be turned off at any time.',
    reset: 'Turn all off',
    items: {
      reducedMotion: { name: 'Reduce motion', description: 'Turn off the animations of menus, panels and notifications.' },
    },
  },
} as const;
