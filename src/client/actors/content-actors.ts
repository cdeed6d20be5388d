import {
  type ActorRefFrom,
  createActor,
  fromPromise,
  type InspectionEvent,
  type Observer,
  type Snapshot,
} from 'xstate'
import { type Locale } from '#shared/domain/limits.ts'
import { type ApiClient } from '#client/actors/api-client.ts'
import { type NotificationsRef } from '#client/actors/notify.ts'
import {
  createContactFormLogic,
  createNewsletterFormLogic,
  createSubmitContact,
  createVatIdFormLogic,
  type VatIdFormLogic,
} from '#client/actors/forms.actors.ts'
import { type NoticesConfig, noticesConfig } from '#client/features/notices/notices-config.ts'
import { createWelcomeStore, type WelcomeStore } from '#client/features/notices/welcome-notice.ts'
import { createCmsClient } from '#client/features/cms/cms-client.ts'
import { cmsNavigationMachine } from '#machines/cms-navigation/cms-navigation.machine.ts'
import { type CmsPageHost, createCmsPageHost } from '#client/features/cms/cms-page-host.ts'

/**
 * The app actors of content and forms (issue 6): the CMS navigation lists, the CMS page on screen, the newsletter
 * modal and the contact form (app-wide, so a draft survives leaving the page), the VAT-ID form's logic, and the
 * notices with their configuration. `createAppActors` creates them as `actors.content`.
 */
export type ContentActors = {
  navigation: ActorRefFrom<typeof cmsNavigationMachine>
  page: CmsPageHost
  newsletterForm: ActorRefFrom<ReturnType<typeof createNewsletterFormLogic>>
  contactForm: ActorRefFrom<ReturnType<typeof createContactFormLogic>>
  /** The VAT-ID form's machine with its edges; the view starts one with the customer's name and e-mail. */
  vatIdForm: VatIdFormLogic
  notices: NoticesConfig
  welcome: WelcomeStore
  /** The page is shown in this language (the locale route says so): the navigation lists load in it. */
  setLanguage: (lang: Locale) => void
}

/** Actors started in a given state (stories and tests take them from the path models). */
export type ContentSnapshots = Partial<
  Record<'navigation' | 'page' | 'newsletterForm' | 'contactForm', Snapshot<unknown>>
>

export type ContentActorDeps = {
  api: ApiClient
  notifications: NotificationsRef
  /** The active locale: the navigation lists load in it. */
  locale: () => Locale
  storage: Storage
  /** The start page in the current language (a contact message was sent). */
  goHome: () => void
  /** This build's notices unless a story or test sets its own. */
  notices?: NoticesConfig | undefined
  snapshots?: ContentSnapshots | undefined
  inspect?: Observer<InspectionEvent> | undefined
}

export function createContentActors(deps: ContentActorDeps): { actors: ContentActors; stop: () => void } {
  const options = (snapshot: Snapshot<unknown> | undefined) => ({
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
    ...(snapshot ? { snapshot } : {}),
  })
  const cms = createCmsClient(deps.api)
  const forms = {
    submit: createSubmitContact(deps.api),
    notifications: deps.notifications,
    goHome: deps.goHome,
  }

  const navigation = createActor(
    cmsNavigationMachine.provide({
      actors: { loadNavigation: fromPromise(({ input, signal }) => cms.fetchNavigation(input.lang, signal)) },
    }),
    { ...options(deps.snapshots?.navigation), input: { lang: deps.locale() } },
  )
  const newsletterForm = createActor(
    createNewsletterFormLogic(forms),
    options(deps.snapshots?.newsletterForm),
  )
  const contactForm = createActor(createContactFormLogic(forms), {
    ...options(deps.snapshots?.contactForm),
    input: { isBugReport: false, prefill: {} },
  })
  const page = createCmsPageHost({ cms, inspect: deps.inspect, snapshot: deps.snapshots?.page })
  for (const actor of [navigation, newsletterForm, contactForm]) actor.start()

  return {
    actors: {
      navigation,
      page,
      newsletterForm,
      contactForm,
      vatIdForm: createVatIdFormLogic(forms),
      notices: deps.notices ?? noticesConfig,
      welcome: createWelcomeStore(deps.storage),
      setLanguage: (lang) => {
        // Another language, or the same after a failure (each navigation tries again).
        const snapshot = navigation.getSnapshot()
        if (snapshot.context.lang !== lang || snapshot.hasTag('error')) {
          navigation.send({ type: 'navigation.load', lang })
        }
      },
    },
    stop: () => {
      page.stop()
      for (const actor of [navigation, newsletterForm, contactForm]) actor.stop()
    },
  }
}
