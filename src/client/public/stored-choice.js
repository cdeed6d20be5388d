// Runs before the first paint (a classic script in <head>, decision 0118). A prerendered page shows the cookie dialog
// in its markup, so a first visit sees it without waiting for the SPA; a visitor who chose already must not see it
// flash up until the SPA takes over. The choice lives in local storage (key `cookies`, COOKIE_CHOICE_STORAGE_KEY),
// which CSS cannot read: this marks <html>, and the dialog's CSS hides the prerendered dialog then. The SPA checks
// the stored value itself once it runs. Alike, the prerendered cart is a first visit's, empty: a stored cart id
// (key `cartId`, CART_ID_STORAGE_KEY) marks <html> so that the cart's CSS hides "empty" until the SPA read the cart.
try {
  if (window.localStorage.getItem('cookies') !== null)
    document.documentElement.setAttribute('data-cookie-choice', '')
  if (window.localStorage.getItem('cartId') !== null)
    document.documentElement.setAttribute('data-stored-cart', '')
  // A configuration a reload restores (per tab: session storage, CONFIGURATION_STORAGE_KEY): the start page shows
  // "loading" instead of the upload hero until the SPA has it back.
  if (window.sessionStorage.getItem('schichtwerk.configuration') !== null)
    document.documentElement.setAttribute('data-stored-configuration', '')
} catch {
  // Storage blocked: nothing is stored either, the dialog stays.
}
