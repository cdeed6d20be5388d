import { formatMoney, formatNumber } from '#client/common/money.ts'
import { i18n } from '#client/i18n/i18n.ts'
import { isLocale } from '#client/i18n/locales.ts'
import { DEFAULT_LOCALE } from '#shared/domain/limits.ts'
import { supportsWebGL } from './preview-stage.tsx'

/**
 * One-off costs of the configure form's first render, paid ahead in idle time (issue 14, item 10): the page's first
 * Intl.NumberFormat (ICU's number data, about 30 ms of CPU; the size and the prices need it) and the WebGL probe of
 * the 3D view (a throw-away context, 10–70 ms in software WebGL). On a loaded machine each stretched the task that
 * shows the form past 200 ms. The configure chunk is loaded while the file uploads and is analysed
 * (home-page.tsx), so this runs then, each piece in a task of its own; both results are cached where they are used.
 */
export function warmUpConfigureForm(): void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return
  window.requestIdleCallback(() => {
    const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
    formatNumber(0, locale, { min: 2, max: 2 })
    formatMoney(0, locale)
    window.requestIdleCallback(() => supportsWebGL())
  })
}
