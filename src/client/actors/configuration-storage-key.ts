/**
 * The sessionStorage key of the configuration a reload restores: per tab, so two tabs configure two objects
 * (decision 0101). Apart from `configure-restore.ts` so that the page's first script can read it cheaply.
 */
export const CONFIGURATION_STORAGE_KEY = 'schichtwerk.configuration'
