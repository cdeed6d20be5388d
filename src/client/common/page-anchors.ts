/**
 * Anchors one feature renders and another links to. They live here so the footer's report-a-bug link and the
 * contact section agree without the footer importing the forms feature.
 */

/** The anchor of the contact form (spec part 1 §2 "/kontakt (anchor contact-form)"): the report-a-bug link's target. */
export const CONTACT_FORM_ANCHOR = 'contact-form'
